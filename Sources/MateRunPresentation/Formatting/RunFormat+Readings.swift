import MateRunDomain

extension RunFormat {
    /// The value a reading is shown as: rounded to a whole number (a reading is a measure of now,
    /// not a counter), or nil when it is missing or not finite.
    static func wholeReading(_ value: Double?) -> Int? {
        guard let value, value.isFinite, abs(value) < 1e9 else { return nil }
        return nearestWhole(value)
    }

    /// `152 bpm`.
    static func heartRate(whole: Int) -> String {
        String(whole) + " bpm"
    }

    /// `152 bpm Z4`: a heart rate with its training zone.
    static func heartRate(whole: Int, zones: HeartRateZones) -> String {
        heartRate(whole: whole) + (zones.zone(of: Double(whole)).map { " Z\($0)" } ?? "")
    }

    /// `172 spm`: steps per minute, both feet.
    static func cadence(whole: Int) -> String {
        String(whole) + " spm"
    }

    /// `312 m`, `-12 m` below sea level.
    static func elevation(whole: Int) -> String {
        String(whole) + " m"
    }

    /// `+4%` uphill, `-3%` downhill, `0%` flat.
    static func grade(whole: Int) -> String {
        (whole > 0 ? "+" : "") + String(whole) + "%"
    }

    /// The run time at which the goal will be reached at the average pace so far, in whole
    /// seconds (rounded), or nil without a goal, without a pace, or once the goal is reached.
    static func finishEstimateSeconds(
        elapsedSeconds: Double, distanceMetres: Double, goalMetres: Double?, averagePaceSecondsPerKilometre: Double?
    ) -> Int? {
        guard let goalMetres, goalMetres.isFinite, let pace = averagePaceSecondsPerKilometre, pace.isFinite, pace > 0,
              distanceMetres < goalMetres
        else { return nil }
        let estimate = elapsedSeconds + (goalMetres - distanceMetres) / 1000 * pace
        guard estimate.isFinite, estimate < Double(maximumWholeSeconds) else { return nil }
        return nearestWhole(estimate)
    }
}
