import MateRunDomain

/// The ghost as a spectator reads it in the page's header: which run it is (its name, its date,
/// its time), never the `latest` or `best` it was asked for by.
package enum GhostTitle {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Hilly 8K by Alasdair, 28 Nov 2026 07:15, 8.45 km in 00:48:12` (moving time: what the
    /// ghost races by). Names are the run's own; the page shows them as text.
    package static func keptRun(_ run: RunRecordSummary) -> String {
        let header = run.header
        let date = CivilDate(unixSeconds: header.startedAt, utcOffsetSeconds: header.utcOffsetSeconds)
        let local = Int((header.startedAt + Double(header.utcOffsetSeconds)).rounded(.down))
        let minuteOfDay = ((local % 86_400 + 86_400) % 86_400) / 60
        let time = two(minuteOfDay / 60) + ":" + two(minuteOfDay % 60)
        let month = (1...12).contains(date.month) ? months[date.month - 1] : "?"
        let scenario = header.scenario.name.isEmpty ? "a run" : header.scenario.name
        let runner = header.runner.name.isEmpty ? "" : " by " + header.runner.name
        return scenario + runner + ", \(date.day) \(month) \(date.year) " + time + ", "
            + finish(metres: run.outcome.figures.distanceMetres, movingSeconds: run.outcome.figures.movingSeconds)
    }

    /// `file park.gpx, 5.02 km in 00:31:05`.
    package static func file(_ name: String, ghost: GhostRun) -> String {
        "file " + name + ", " + finish(metres: ghost.finish.distanceMetres, movingSeconds: ghost.finish.movingSeconds)
    }

    private static func finish(metres: Double, movingSeconds: Double) -> String {
        RunFormat.kilometres(metres: metres) + " in " + RunFormat.clockTime(seconds: movingSeconds)
    }

    private static func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
}
