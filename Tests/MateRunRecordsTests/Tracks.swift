import MateRunDomain

/// Tracks with known answers for the bests, the store and the exports.
enum Tracks {
    static func steady(metres: Double, secondsPerKilometre: Double, step: Double) -> [RecordedFix] {
        withPace(metres: metres, step: step) { _ in secondsPerKilometre / 1000 }
    }

    /// A point every `step` metres; each metre costs `secondsPerMetre(metre)` moving seconds.
    static func withPace(metres: Double, step: Double, secondsPerMetre: (Double) -> Double) -> [RecordedFix] {
        var fixes = [fix(distance: 0, moving: 0)]
        var moving = 0.0
        var metre = 0.0
        while metre < metres {
            moving += secondsPerMetre(metre + 0.5)
            metre += 1
            if metre.truncatingRemainder(dividingBy: step) == 0 || metre >= metres {
                fixes.append(fix(distance: metre, moving: moving))
            }
        }
        return fixes
    }

    static func fix(distance: Double, moving: Double, time: Double? = nil) -> RecordedFix {
        RecordedFix(
            time: time ?? moving, coordinate: Coordinate(latitude: 47, longitude: 8 + distance / 76_000),
            elevation: 400 + distance / 100, heartRate: 150, cadence: 172, distanceMetres: distance, movingSeconds: moving
        )
    }

    /// The quickest `length` starting anywhere on a grid, by the definition: last moment at the
    /// start, first moment at the end, linear between points.
    static func bruteForceBest(_ track: [RecordedFix], length: Double, gridStep: Double) -> Double {
        func time(at distance: Double, last: Bool) -> Double {
            let atPoint = track.filter { $0.distanceMetres == distance }.map(\.movingSeconds)
            if let value = last ? atPoint.max() : atPoint.min() { return value }
            let after = track.firstIndex { $0.distanceMetres > distance } ?? track.count - 1
            let before = track[..<after].lastIndex { $0.distanceMetres < distance } ?? 0
            let a = track[before], b = track[after]
            return a.movingSeconds + (distance - a.distanceMetres) / (b.distanceMetres - a.distanceMetres) * (b.movingSeconds - a.movingSeconds)
        }
        var best = Double.infinity
        let end = (track.last?.distanceMetres ?? 0) - length
        for start in stride(from: 0.0, through: end, by: gridStep) {
            best = min(best, time(at: start + length, last: false) - time(at: start, last: true))
        }
        return best
    }
}

/// A small seeded generator, so that random tests are the same on every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func nextBits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(nextBits() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
