import MateRunDomain

/// A scripted run's segments laid end to end in time: where along the route the runner is, and
/// doing what, at any second.
struct ScriptTimeline {
    private let segments: [ScriptedSegment]
    private let starts: [Double]
    private let startDistances: [Double]
    let durationSeconds: Double

    init(segments: [ScriptedSegment]) {
        self.segments = segments
        var time = 0.0, distance = 0.0
        var starts: [Double] = [], startDistances: [Double] = []
        for segment in segments {
            starts.append(time)
            startDistances.append(distance)
            time += segment.durationSeconds
            distance += segment.distanceMetres
        }
        self.starts = starts
        self.startDistances = startDistances
        durationSeconds = time
    }

    /// The segment in force at `time`: the one that starts at or before it (the last at the end).
    func segment(at time: Double) -> ScriptedSegment {
        segments[index(at: time)]
    }

    /// Metres covered along the route at `time`.
    func distance(at time: Double) -> Double {
        let i = index(at: time)
        let into = min(max(0, time - starts[i]), segments[i].durationSeconds)
        return startDistances[i] + segments[i].speed * into
    }

    private func index(at time: Double) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }
}
