import MateRunDomain

/// A kept run (or a scenario's track) as an NMEA 0183 log: GGA and RMC per fix, at the fix's UTC
/// time, speed and course measured from the fix before. `gpsfake` replays such a log into gpsd.
package enum NMEAExport {
    package static func document(_ run: RunRecord) -> String {
        var out = ""
        var previous: ReceiverFix?
        for recorded in run.fixes {
            let fix = ReceiverFix(
                unixTime: run.summary.header.startedAt + recorded.time, coordinate: recorded.coordinate,
                altitude: recorded.elevation, horizontalAccuracy: recorded.horizontalAccuracy
            ).withMotion(since: previous)
            out += NMEASentenceWriter.sentences(fix)
            previous = fix
        }
        return out
    }
}
