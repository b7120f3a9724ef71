import Foundation
import MateRunDomain

extension ReceiverFix {
    /// This fix with the speed and course it lacks measured from `previous`, the fix before it
    /// (a recorded track has positions and times, a receiver writes both).
    package func withMotion(since previous: ReceiverFix?) -> ReceiverFix {
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
