import MateRunDomain

/// The `segments` of a scripted scenario: stretches at a steady pace, and `repeat` groups of them.
enum SegmentDTO {
    static let fields = ["activity", "pace", "speed_kmh", "duration", "distance_km", "heart_rate"]

    /// The segments in run order, with repeat groups unrolled.
    static func decodeList(_ value: ScenarioJSONNode) throws(ScenarioError) -> [ScriptedSegment] {
        if let count = value.arrayCount, count > ScenarioLimits.maxSegments {
            throw value.mismatch("expected at most \(ScenarioLimits.maxSegments) segments, found \(count)")
        }
        let items = try value.array()
        guard !items.isEmpty else { throw value.mismatch("expected at least one segment") }
        var segments: [ScriptedSegment] = []
        for item in items {
            _ = try item.object()
            if item["repeat"].isMissing {
                segments.append(try decode(item))
            } else {
                try item.allowOnly(["repeat", "segments"])
                let count = try item["repeat"].number(in: 1...1000, meaning: "a repeat count")
                guard count == count.rounded() else { throw item["repeat"].mismatch("expected a whole repeat count, found \(item["repeat"].found)") }
                let group = try decodeList(item["segments"])
                guard segments.count + group.count * Int(count) <= ScenarioLimits.maxSegments else {
                    throw item.mismatch("expected at most \(ScenarioLimits.maxSegments) segments with repeats unrolled, found more")
                }
                for round in 1...Int(count) {
                    segments.append(contentsOf: group.map { segment in
                        var inRound = segment
                        if inRound.repetition == nil { inRound.repetition = Workout.Repetition(index: round, count: Int(count)) }
                        return inRound
                    })
                }
            }
        }
        return segments
    }

    private static func decode(_ item: ScenarioJSONNode) throws(ScenarioError) -> ScriptedSegment {
        try item.allowOnly(fields)
        let activity = item["activity"].isMissing ? Activity.running : try item["activity"].activity()
        if activity == .still {
            for field in ["pace", "speed_kmh", "distance_km"] where !item[field].isMissing {
                throw item[field].mismatch("expected only a duration for a still segment (standing has no pace or distance)")
            }
            let duration = try duration(item["duration"])
            return ScriptedSegment(activity: .still, speed: 0, durationSeconds: duration, heartRateBPM: try heartRate(item))
        }
        try item.requireOne(of: "pace", or: "speed_kmh", because: "for a \(activity.rawValue) segment")
        let speed = item["pace"].isMissing
            ? try item["speed_kmh"].number(in: 1...40, meaning: "a speed in km/h") / 3.6
            : 1000 / (try item["pace"].pace())
        try item.requireOne(of: "duration", or: "distance_km", because: "to say how long the segment lasts")
        let duration = item["duration"].isMissing
            ? try item["distance_km"].number(in: 0.001...1000, meaning: "a distance in km") * 1000 / speed
            : try duration(item["duration"])
        return ScriptedSegment(activity: activity, speed: speed, durationSeconds: duration, heartRateBPM: try heartRate(item),
                               isSetByDistance: item["duration"].isMissing)
    }

    private static func heartRate(_ item: ScenarioJSONNode) throws(ScenarioError) -> Double? {
        item["heart_rate"].isMissing ? nil : try item["heart_rate"].number(in: 30...230, meaning: "a heart rate in beats per minute")
    }

    private static func duration(_ value: ScenarioJSONNode) throws(ScenarioError) -> Double {
        let seconds = try value.seconds(meaning: "a duration")
        guard seconds > 0 else { throw value.mismatch("expected a duration longer than 0 s, found \(value.found)") }
        guard seconds <= ScenarioLimits.maxDurationSeconds else {
            throw value.mismatch("expected a duration of at most \(ScenarioLimits.maxDurationText), found \(value.found)")
        }
        return seconds
    }
}
