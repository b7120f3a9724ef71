import Foundation
import MateRunDomain

/// One fix as NMEA 0183 says it: a position at a UTC time, with what GGA and RMC carry.
package struct NMEAFix: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var unixTime: Double
    package var coordinate: Coordinate
    /// Metres above mean sea level (GGA's altitude; its geoid separation is written as 0).
    package var altitude: Double?
    /// The fix's claimed accuracy in metres, written as GGA's HDOP (`NMEASentenceWriter.metresPerHDOP`).
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

    /// This fix with the speed and course it lacks measured from `previous`, the fix before it
    /// (a recorded track has positions and times, a receiver writes both).
    package func withMotion(since previous: NMEAFix?) -> NMEAFix {
        guard let previous, unixTime > previous.unixTime else { return self }
        var fix = self
        if fix.speed == nil {
            fix.speed = Geodesic.distance(from: previous.coordinate, to: coordinate) / (unixTime - previous.unixTime)
        }
        if fix.course == nil, previous.coordinate != coordinate {
            fix.course = NMEACourse.degrees(from: previous.coordinate, to: coordinate)
        }
        return fix
    }
}

/// The initial bearing between two close fixes, on the local tangent plane of the first.
enum NMEACourse {
    static func degrees(from start: Coordinate, to end: Coordinate) -> Double {
        let (east, north) = LocalTangentPlane(origin: start).project(end)
        let degrees = atan2(east, north) * 180 / Double.pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}
