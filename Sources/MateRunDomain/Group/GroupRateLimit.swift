/// A token bucket on a wall clock given by the caller: `burst` at once, then `perSecond`.
///
/// A coordinator answers strangers (joins, `board.now`) only within such limits, so that a flood
/// costs it a bounded amount of work and of memory, and cannot drown the once-a-second board.
package struct GroupRateLimit: Sendable, Equatable {
    package let burst: Double
    package let perSecond: Double
    private var tokens: Double
    private var at: Double?

    package init(burst: Double, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
        tokens = burst
    }

    /// Whether one more may pass at wall second `now`; spends a token when it may.
    package mutating func allows(now: Double) -> Bool {
        if let at { tokens = min(burst, tokens + max(0, now - at) * perSecond) }
        at = max(at ?? now, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}

/// How much work a coordinator does for people it does not know yet: join attempts (each is
/// checked with an HMAC and a signature) and answers to `board.now`, both rate-limited in all.
/// The group's size is capped by `GroupTerms.maxRunners`.
package struct GroupLimits: Sendable, Equatable {
    /// Join requests looked at: beyond this rate they are dropped unanswered (a runner sends its
    /// join again every 2 s until answered).
    package var joins: GroupRateLimit
    /// `board.now` answers, all requesters together.
    package var boardAnswers: GroupRateLimit

    package init(
        joins: GroupRateLimit = GroupRateLimit(burst: 100, perSecond: 50),
        boardAnswers: GroupRateLimit = GroupRateLimit(burst: 5, perSecond: 3)
    ) {
        self.joins = joins
        self.boardAnswers = boardAnswers
    }
}
