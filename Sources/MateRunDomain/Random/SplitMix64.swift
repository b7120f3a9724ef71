/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a fixed odd constant and
/// mixed on the way out.
///
/// The program's one seeded step: the scenario noise's generator (xoshiro256**) is seeded with
/// it, and the tests' generated tracks draw from it directly. Its output is fixed by the
/// published algorithm, so a seed gives the same numbers on every machine and toolchain, which
/// `SystemRandomNumberGenerator` does not promise.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
