import MateRunDomain

/// A small, fast, seeded random generator (xoshiro256**, seeded through SplitMix64).
///
/// Scenario noise must replay identically from the same file on every machine and toolchain,
/// which `SystemRandomNumberGenerator` cannot promise; this generator's output is fixed by its
/// published algorithm.
struct SeededRandom: RandomNumberGenerator {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
    }

    mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform value in [0, 1) with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Two independent standard normal values (Box-Muller), e.g. an east and a north offset.
    mutating func normalPair() -> (Double, Double) {
        let u1 = 1 - unit()
        let u2 = unit()
        let radius = (-2 * ScenarioMath.log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        return (radius * ScenarioMath.cos(angle), radius * ScenarioMath.sin(angle))
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
