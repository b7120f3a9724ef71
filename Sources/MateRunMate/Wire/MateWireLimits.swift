/// The ranges and lengths a well-formed frame's fields must respect (PROTOCOL.md, "Fields").
///
/// Generous for any real run, tight enough that no value can overflow arithmetic downstream.
enum MateWireLimits {
    /// 2^53 − 1: the largest integer every JSON implementation reads exactly.
    static let sequence = 0...9_007_199_254_740_991
    static let version = 0...1_000_000
    static let startMilliseconds = 0...60_000
    static let retryMilliseconds = 0...3_600_000
    /// Up to about 115 days of run time.
    static let seconds = 0.0...10_000_000
    static let metres = 0.0...100_000_000
    static let kilocalories = 0.0...1_000_000
    static let goalMetres = 1.0...100_000_000
    static let speed = 0.001...1_000_000
    static let nameLength = 64
    static let codeLength = 32
    static let sessionIDLength = 64
    static let reasonLength = 64
    static let messageLength = 512
    /// A string's limit in UTF-8 bytes is this many times its limit in characters, so that one
    /// "character" of thousands of combining marks cannot be stored and printed whole.
    static let bytesPerCharacter = 4
}
