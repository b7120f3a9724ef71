/// One position fix as a GPS receiver reports it, at a UTC time: what gpsd hands in (the TPV
/// reports of one epoch merged) and what NMEA 0183 hands out (GGA and RMC).
///
/// It keeps the receiver's own clock (`unixTime`) so that a live run measures time as the
/// receiver did, whatever the network did to the reports on the way.
package struct ReceiverFix: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var unixTime: Double
    package var coordinate: Coordinate
    /// Metres: gpsd's `altHAE`, else `altMSL`, else the older `alt`; NMEA's GGA altitude.
    package var altitude: Double?
    /// Metres: gpsd's `eph`, else the radius from `epx` and `epy`; written as NMEA's HDOP.
    package var horizontalAccuracy: Double?
    /// Metres per second over ground.
    package var speed: Double?
    /// Degrees from true north.
    package var course: Double?

    package init(
        unixTime: Double, coordinate: Coordinate, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        speed: Double? = nil, course: Double? = nil
    ) {
        self.unixTime = unixTime
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
    }
}
