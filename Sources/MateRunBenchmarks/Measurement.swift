/// Wall-clock timing for the benchmarks (they, unlike the product, may read the real clock).
struct Measurement {
    let label: String
    let role: String
    var durations: [Duration] = []

    init(role: String, label: String) {
        self.role = role
        self.label = label
    }

    var seconds: [Double] { durations.map(Self.seconds) }

    var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Double { seconds.min() ?? .nan }
    var maximum: Double { seconds.max() ?? .nan }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// Times `body` with `ContinuousClock`.
func timed<T>(_ body: () async -> T) async -> (Duration, T) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = await body()
    return (clock.now - start, result)
}
