import MateRunDomain

/// The `locations` and `motions` of a recorded scenario: samples listed by hand, in time order.
enum RecordedSamplesDTO {
    static func locations(_ value: ScenarioJSONNode) throws(ScenarioError) -> [LocationSample] {
        let items = try value.array()
        guard !items.isEmpty else { throw value.mismatch("expected at least one location; the track is empty") }
        var samples: [LocationSample] = []
        samples.reserveCapacity(items.count)
        for item in items {
            try item.object().allowOnly(["t", "lat", "lon", "ele", "accuracy"])
            let time = try forwardTime(item["t"], after: samples.last?.time)
            let coordinate = Coordinate(latitude: try item["lat"].latitude(), longitude: try item["lon"].longitude())
            let elevation = item["ele"].isMissing ? nil : try item["ele"].elevation()
            let accuracy = item["accuracy"].isMissing
                ? nil : try item["accuracy"].number(in: 0...10_000, meaning: "an accuracy in metres")
            samples.append(LocationSample(time: time, coordinate: coordinate, elevation: elevation, horizontalAccuracy: accuracy))
        }
        return samples
    }

    static func motions(_ value: ScenarioJSONNode) throws(ScenarioError) -> [MotionSample] {
        var samples: [MotionSample] = []
        for item in try value.array() {
            try item.object().allowOnly(["t", "activity", "cadence"])
            let time = try forwardTime(item["t"], after: samples.last?.time)
            let activity = try item["activity"].activity()
            let cadence = item["cadence"].isMissing
                ? nil : try item["cadence"].number(in: 0...300, meaning: "a cadence in steps per minute")
            samples.append(MotionSample(time: time, activity: activity, cadence: cadence))
        }
        return samples
    }

    private static func forwardTime(_ value: ScenarioJSONNode, after previous: Double?) throws(ScenarioError) -> Double {
        let time = try value.seconds()
        guard time <= ScenarioLimits.maxDurationSeconds else {
            throw value.mismatch("expected a time within \(ScenarioLimits.maxDurationText) of the start, found \(value.found)")
        }
        if let previous, time < previous {
            throw value.mismatch(
                "expected a time no earlier than the previous sample's \(previous.plainText) s (time went backwards), found \(value.found)")
        }
        return time
    }
}
