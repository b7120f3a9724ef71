import MateRunDomain

/// Wrong pairing codes from every address together, as a rate rather than a count: a burst of
/// `MateProtocol.wrongCodeBurst`, then one more every `wrongCodeRefillSeconds`. A sweep from many
/// addresses is slowed to that rate (about 1,400 guesses a day at 10 a minute, so a six-digit
/// code holds for weeks), yet guesses can never end a waiting host: while the rate is used up,
/// new joiners are told to retry (`throttled`), and resumes of a paired session are judged apart.
struct WrongCodeRate: Sendable {
    private var tokens = Double(MateProtocol.wrongCodeBurst)
    private var updatedAt: Double?

    /// Seconds until a code may be tried at `now`, or nil when one may be tried now.
    mutating func waitTime(now: Double) -> Double? {
        refill(now: now)
        return tokens >= 1 ? nil : (1 - tokens) * MateProtocol.wrongCodeRefillSeconds
    }

    /// Spends one guess at `now`.
    mutating func recordWrongCode(now: Double) {
        refill(now: now)
        tokens = max(0, tokens - 1)
    }

    private mutating func refill(now: Double) {
        if let updatedAt, now > updatedAt {
            tokens = min(Double(MateProtocol.wrongCodeBurst), tokens + (now - updatedAt) / MateProtocol.wrongCodeRefillSeconds)
        }
        updatedAt = max(updatedAt ?? now, now)
    }
}
