import MateRunDomain

/// Turns a script (route, segments, receiver settings) into the sensor samples a phone would give.
///
/// Noise, outliers and elevation noise each draw from their own seeded generator, and a draw is
/// made for every fix time whether or not the fix is then dropped, so the same file replays
/// identically and adding a signal-loss window does not move the other fixes.
enum ScriptedTrack {
    static func locations(for plan: ScriptPlan) -> [LocationSample] {
        let timeline = ScriptTimeline(segments: plan.segments)
        let gps = plan.gps
        let times = fixTimes(duration: timeline.durationSeconds, interval: gps.intervalSeconds)
        let outlierIndices = outlierFixIndices(times: times, gps: gps)
        var noise = SeededRandom(seed: gps.seed)
        var elevationNoise = SeededRandom(seed: gps.seed ^ 0x656C_6576_6174_696F)
        var outlierDirections = SeededRandom(seed: gps.seed ^ 0x6F75_746C_6965_7273)
        let accuracy = gps.reportedAccuracy
        var error = CorrelatedNoise(sigma: gps.noiseMetres, correlationSeconds: gps.noiseCorrelationSeconds)

        var samples: [LocationSample] = []
        samples.reserveCapacity(times.count)
        for (index, time) in times.enumerated() {
            let truth = plan.route.position(at: timeline.distance(at: time))
            var (east, north) = error.next(at: time, draw: noise.normalPair())
            let elevationError = elevationNoise.normalPair().0 * gps.elevationNoiseMetres
            if let outliers = gps.outliers, outlierIndices.contains(index) {
                let angle = outlierDirections.unit() * 2 * Double.pi
                east += ScenarioMath.cos(angle) * outliers.distanceMetres
                north += ScenarioMath.sin(angle) * outliers.distanceMetres
            }
            guard !gps.signalLoss.contains(where: { $0.contains(time) }) else { continue }
            let scale = ScenarioMath.metresPerDegree(atLatitude: truth.coordinate.latitude)
            let coordinate = Coordinate(
                latitude: truth.coordinate.latitude + north / scale.latitude,
                longitude: truth.coordinate.longitude + east / scale.longitude)
            samples.append(LocationSample(
                time: time, coordinate: coordinate, elevation: truth.elevation.map { $0 + elevationError },
                horizontalAccuracy: accuracy))
        }
        return samples
    }

    /// One motion update per whole second, like a pedometer (the segment's activity and
    /// cadence) with a heart-rate strap when the plan has one.
    static func motions(for plan: ScriptPlan) -> [MotionSample] {
        let timeline = ScriptTimeline(segments: plan.segments)
        let lastSecond = Int((timeline.durationSeconds + 1e-9).rounded(.down))
        let beats = plan.heartRate?.beats(for: plan.segments) ?? []
        return (0...max(0, lastSecond)).map { second in
            let segment = timeline.segment(at: Double(second))
            return MotionSample(
                time: Double(second), activity: segment.activity,
                cadence: Cadence.stepsPerMinute(activity: segment.activity, speed: segment.speed),
                heartRate: second < beats.count ? beats[second] : nil)
        }
    }

    /// Fix times every `interval` from 0, plus a last fix exactly at the end of the script.
    static func fixTimes(duration: Double, interval: Double) -> [Double] {
        let count = Int((duration / interval + 1e-9).rounded(.down))
        var times = (0...max(0, count)).map { Double($0) * interval }
        if let last = times.last, duration - last > 1e-6 { times.append(duration) }
        return times
    }

    /// The fixes that outliers replace: the first fix at or after each scheduled time.
    private static func outlierFixIndices(times: [Double], gps: GPSSettings) -> Set<Int> {
        guard let outliers = gps.outliers, let duration = times.last, duration > 0 else { return [] }
        let targets: [Double]
        switch outliers.schedule {
        case .every(let seconds):
            targets = Array(stride(from: seconds, to: duration, by: seconds))
        case .count(let count):
            targets = (0..<count).map { duration * Double($0 + 1) / Double(count + 1) }
        }
        return Set(targets.map { target in
            min(times.count - 1, Int((target / gps.intervalSeconds - 1e-9).rounded(.up)))
        })
    }
}
