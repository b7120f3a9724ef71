import MateRunDomain

/// An NMEA 0183 log read into timed fixes, and what was skipped on the way, by reason.
struct NMEALog {
    /// One cycle's fix, dated.
    struct Fix: Equatable {
        var unixTime: Double
        var coordinate: Coordinate
        var altitude: Double?
        var hdop: Double?
        var speed: Double?
        var course: Double?
        var line: Int
    }

    /// What was skipped, by reason.
    struct Counts: Equatable {
        /// Sentences read (checksum good).
        var sentences = 0
        var badChecksum = 0
        var noChecksum = 0
        /// Lines that are no sentence at all (not empty).
        var notSentences = 0
        /// Cycles without a fix (no sky, a receiver that says its fix is invalid).
        var withoutFix = 0
        /// Fixes whose time went back (a log played twice, old data), dropped.
        var timeWentBack = 0
        /// Times the receiver's clock stepped back while its position carried on, re-anchored.
        var clockStepsBack = 0
    }

    var fixes: [Fix] = []
    var counts = Counts()
}
