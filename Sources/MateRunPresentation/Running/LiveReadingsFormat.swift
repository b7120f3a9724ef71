import MateRunDomain

/// Formats the readings of the live panel that come and go with the source: heart rate, cadence,
/// elevation and grade, the GPS state, and the finish estimate towards the goal.
///
/// Like `RunningViewModel`, it remembers the whole quantities it last showed and formats a field
/// again only when its quantity changes, so the per-sample cost stays a few comparisons.
struct LiveReadingsFormat: Sendable {
    private var heartRate: Int?
    private var cadence: Int?
    private var elevation: Int?
    private var grade: Int?
    private var finishSeconds: Int?
    private var started = false
    private let zones: HeartRateZones

    init(zones: HeartRateZones = HeartRateZones(maxBPM: nil)) {
        self.zones = zones
    }

    mutating func apply(_ snapshot: RunSnapshot, goalMetres: Double?, to state: inout RunningViewModel.State) {
        let first = !started
        started = true
        let heartRate = RunFormat.wholeReading(snapshot.heartRateBPM)
        if first || heartRate != self.heartRate {
            self.heartRate = heartRate
            state.heartRate = heartRate.map { RunFormat.heartRate(whole: $0, zones: zones) }
        }
        let cadence = RunFormat.wholeReading(snapshot.cadenceSPM)
        if first || cadence != self.cadence {
            self.cadence = cadence
            state.cadence = cadence.map(RunFormat.cadence(whole:))
        }
        let elevation = RunFormat.wholeReading(snapshot.elevationMetres)
        if first || elevation != self.elevation {
            self.elevation = elevation
            state.elevation = elevation.map(RunFormat.elevation(whole:))
        }
        let grade = RunFormat.wholeReading(snapshot.gradePercent)
        if first || grade != self.grade {
            self.grade = grade
            state.grade = grade.map(RunFormat.grade(whole:))
        }
        let finish = RunFormat.finishEstimateSeconds(
            elapsedSeconds: snapshot.elapsedSeconds, distanceMetres: snapshot.distanceMetres, goalMetres: goalMetres,
            averagePaceSecondsPerKilometre: snapshot.averagePaceSecondsPerKilometre)
        if first || finish != finishSeconds {
            finishSeconds = finish
            state.finishEstimate = finish.map(RunFormat.clockTime(wholeSeconds:))
        }
        state.gpsLost = !snapshot.gpsOK
    }
}
