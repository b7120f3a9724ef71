import MateRunDomain

/// One position fix as gpsd reported it: the TPV reports of one epoch merged into one.
///
/// It keeps gpsd's own clock (`unixTime`, from the TPV's `time`) so that a live run measures
/// time as the receiver did, whatever the network did to the reports on the way.
package struct GPSDFix: Sendable, Equatable {
    /// The TPV's `time`, seconds since 1970-01-01T00:00:00Z.
    package var unixTime: Double
    package var coordinate: Coordinate
    /// `altHAE`, else `altMSL`, else the older `alt`, in metres.
    package var altitude: Double?
    /// `eph`, else the radius from `epx` and `epy`, in metres.
    package var horizontalAccuracy: Double?
    /// `speed`, metres per second over ground.
    package var speed: Double?
    /// `track`, degrees from true north.
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
