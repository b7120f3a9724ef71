import MateRunDomain
import MateRunRecords

/// The fixes a feed serves, as a receiver would report them: a run's samples placed in wall time
/// from the moment the run started, each with its speed and course from the fix before. The
/// NMEA and the gpsd feeds serve the same fixes, so both keep one of these.
struct ServedFixes {
    private var startUnix: Double?
    private var previous: ReceiverFix?

    /// Run time zero is `now`, in Unix seconds.
    mutating func start(at now: Double) {
        startUnix = now
        previous = nil
    }

    /// The receiver's fix for `sample`; run time zero is `now()` if the run was never started.
    mutating func fix(for sample: LocationSample, now: () -> Double) -> ReceiverFix {
        let start = startUnix ?? now()
        startUnix = start
        let fix = ReceiverFix(
            unixTime: start + sample.time, coordinate: sample.coordinate, altitude: sample.elevation,
            horizontalAccuracy: sample.horizontalAccuracy, speed: sample.speed, course: sample.course
        ).withMotion(since: previous)
        previous = fix
        return fix
    }
}
