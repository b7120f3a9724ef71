import Foundation
import MateRunDomain

/// A JSON scenario file (format version 1) as written, checked field by field.
///
/// The format is described in `Scenarios/README.md`. A file is scripted (`route` + `segments`),
/// recorded (`locations`, optional `motions`), or both: recorded samples are then merged into
/// the scripted ones by time.
struct ScenarioFileDTO {
    static let supportedVersion = 1
    static let fields = [
        "version", "name", "description", "runner", "goal_km", "route", "segments", "gps", "heart_rate", "locations",
        "motions",
    ]

    var name: String
    var description: String
    var runner: RunnerProfile?
    var goalMetres: Double?
    var script: ScriptPlan?
    var recordedLocations: [LocationSample]
    var recordedMotions: [MotionSample]

    static func decode(_ root: ScenarioJSONNode) throws(ScenarioError) -> ScenarioFileDTO {
        try checkVersion(root["version"])
        try root.allowOnly(fields)
        let name = try root["name"].string()
        let description = try root["description"].optionalString() ?? ""
        let runner = root["runner"].isMissing ? nil : try runnerProfile(root["runner"])
        let goal = root["goal_km"].isMissing
            ? nil : try root["goal_km"].number(in: 0.001...1000, meaning: "a goal in km") * 1000
        let script = try scriptPlan(root)
        let locations = root["locations"].isMissing ? [] : try RecordedSamplesDTO.locations(root["locations"])
        let motions = root["motions"].isMissing ? [] : try RecordedSamplesDTO.motions(root["motions"])
        if script == nil, locations.isEmpty {
            throw root.mismatch(
                "expected a scripted run (\"route\" and \"segments\") or a recorded one (\"locations\"), found neither")
        }
        return ScenarioFileDTO(
            name: name, description: description, runner: runner, goalMetres: goal, script: script,
            recordedLocations: locations, recordedMotions: motions)
    }

    func toDomain() -> Scenario {
        guard let script else {
            let motions = MotionTimeline.held(recordedMotions, until: recordedLocations.last?.time ?? 0)
            return scenario(
                locations: recordedLocations,
                motions: motions.isEmpty ? MotionTimeline.inferred(from: recordedLocations) : motions,
                routeMetres: nil, source: .recorded)
        }
        var scripted = scenario(
            locations: TimeOrderedMerge.merge(ScriptedTrack.locations(for: script), recordedLocations, time: \.time),
            motions: TimeOrderedMerge.merge(ScriptedTrack.motions(for: script), recordedMotions, time: \.time),
            routeMetres: script.totalDistanceMetres, source: .scripted)
        scripted.workout = script.workout
        return scripted
    }

    private func scenario(
        locations: [LocationSample], motions: [MotionSample], routeMetres: Double?, source: Scenario.Source
    ) -> Scenario {
        Scenario(
            name: name, summary: description, runner: runner, goalMetres: goalMetres, locations: locations,
            motions: motions, durationSeconds: max(locations.last?.time ?? 0, motions.last?.time ?? 0),
            routeMetres: routeMetres, source: source)
    }

    private static func checkVersion(_ value: ScenarioJSONNode) throws(ScenarioError) {
        guard value.numericValue == Double(supportedVersion) else {
            throw value.mismatch(
                "expected \"version\": \(supportedVersion) (the only scenario format this materun reads), found \(value.found)")
        }
    }

    private static func runnerProfile(_ value: ScenarioJSONNode) throws(ScenarioError) -> RunnerProfile {
        try value.object().allowOnly(["name", "weight_kg", "max_heart_rate"])
        return RunnerProfile(
            name: try value["name"].string(),
            weightKilograms: try value["weight_kg"].number(in: 20...300, meaning: "a weight in kg"),
            maxHeartRateBPM: value["max_heart_rate"].isMissing
                ? nil : try value["max_heart_rate"].number(in: 100...230, meaning: "a maximum heart rate in beats per minute"))
    }

    /// `"heart_rate": {"resting": 55, "drift_per_hour": 5}`: the runner wears a heart-rate strap.
    private static func heartRateModel(_ value: ScenarioJSONNode, runner: ScenarioJSONNode) throws(ScenarioError) -> HeartRateModel? {
        guard !value.isMissing else { return nil }
        try value.object().allowOnly(["resting", "drift_per_hour"])
        let resting = try value["resting"].number(in: 30...120, meaning: "a resting heart rate in beats per minute")
        let max = runner["max_heart_rate"].numericValue ?? HeartRateZones.defaultMaxBPM
        guard max > resting + 20 else {
            throw value["resting"].mismatch("expected a resting heart rate well below the maximum (\(Int(max))), found \(value["resting"].found)")
        }
        let drift = value["drift_per_hour"].isMissing
            ? 0 : try value["drift_per_hour"].number(in: 0...30, meaning: "a drift in beats per minute per hour")
        return HeartRateModel(restingBPM: resting, maxBPM: max, driftPerHour: drift)
    }

    private static func scriptPlan(_ root: ScenarioJSONNode) throws(ScenarioError) -> ScriptPlan? {
        switch (root["route"].isMissing, root["segments"].isMissing) {
        case (true, true): return nil
        case (false, true): throw root["segments"].mismatch("expected segments to say how the route is run")
        case (true, false): throw root["route"].mismatch("expected a route for the segments to run along")
        case (false, false): break
        }
        let route = try RouteDTO.decode(root["route"]).toDomain()
        let segments = try SegmentDTO.decodeList(root["segments"])
        let gps = try GPSDTO.decode(root["gps"])
        let plan = ScriptPlan(route: route, segments: segments, gps: gps,
                              heartRate: try heartRateModel(root["heart_rate"], runner: root["runner"]))
        // Finite: each segment lasts at most maxDurationSeconds, and there are at most maxSegments.
        guard plan.totalDurationSeconds <= ScenarioLimits.maxDurationSeconds else {
            throw root["segments"].mismatch(
                "expected segments lasting at most \(ScenarioLimits.maxDurationText) in all, found \(ClockText.text(plan.totalDurationSeconds))")
        }
        if plan.totalDistanceMetres > 0, route.passMetres < 1 {
            throw root["route"]["waypoints"].mismatch("expected waypoints apart from each other; the route is 0 m long")
        }
        if plan.totalDistanceMetres > route.reachMetres + 0.5 {
            throw root["segments"].mismatch(String(
                format: "expected at most the route's %.3f km (shape \"once\"), found segments covering %.3f km; use \"loop\" or \"out-and-back\" to go round",
                route.reachMetres / 1000, plan.totalDistanceMetres / 1000))
        }
        let fixTimes = ScriptedTrack.fixTimes(duration: plan.totalDurationSeconds, interval: gps.intervalSeconds)
        let anyFix = fixTimes.contains { time in !gps.signalLoss.contains { $0.contains(time) } }
        if !anyFix, root["locations"].isMissing {
            throw root["gps"]["signal_loss"].mismatch("expected some fixes outside the signal-loss windows; they cover the whole run")
        }
        return plan
    }
}
