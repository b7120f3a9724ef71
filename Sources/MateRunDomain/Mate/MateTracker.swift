/// What this side knows about its mate: the newest figures, where its run stands, and how fresh
/// the news is.
///
/// It keeps the highest `seq` received and drops any `progress` or `state` that is not newer, so
/// a late, repeated or reordered update never moves the mate backwards. Times are wall-clock
/// seconds from the injected clock.
package struct MateTracker: Sendable, Equatable {
    package private(set) var lastReceivedSeq = 0
    package private(set) var progress: MateProgress?
    package private(set) var finish: MateFinish?
    package private(set) var phase: MatePhase = .running
    package private(set) var connection: MateConnection = .connected
    /// When anything (a message or a sign of life) last arrived.
    package private(set) var lastHeard: Double
    /// Why the mate's figures were refused (`MatePlausibility`); nil while they are believed.
    package private(set) var implausible: String?
    /// Why the mate left, when it said or the link gave up; nil while it is there.
    package private(set) var leftReason: MateReason?
    /// What the mate or the link said when it left.
    package private(set) var leftDetail: String?

    package init(now: Double) {
        lastHeard = now
    }

    /// The mate's distance: final once it finished, otherwise its newest progress.
    package var distanceMetres: Double { finish?.distanceMetres ?? progress?.distanceMetres ?? 0 }
    package var elapsedSeconds: Double { finish?.elapsedSeconds ?? progress?.elapsedSeconds ?? 0 }
    /// Whether the mate's run is over or the mate is gone: nothing more will change the result.
    package var isOut: Bool {
        phase == .finished || phase == .cancelled || connection == .lost || implausible != nil
    }

    /// Whole seconds since the mate was last heard, shown only while the news is not fresh.
    package func lastSeenSecondsAgo(now: Double) -> Double? {
        connection == .connected ? nil : max(0, now - lastHeard).rounded(.down)
    }

    /// Anything arrived: the mate is there, even if it had been given up for lost by the clock.
    package mutating func heard(at now: Double) {
        lastHeard = max(lastHeard, now)
        if connection != .closed { connection = .connected }
    }

    /// Takes a progress if it is newer than anything received; returns whether it was taken.
    package mutating func receive(_ update: MateProgress) -> Bool {
        guard update.seq > lastReceivedSeq else { return false }
        lastReceivedSeq = update.seq
        guard finish == nil, phase != .cancelled else { return false }
        progress = update
        phase = update.paused ? .paused : .running
        return true
    }

    /// Takes a state change if it is newer than anything received; returns whether it was taken.
    package mutating func receive(seq: Int, _ state: MateStateChange) -> Bool {
        guard seq > lastReceivedSeq else { return false }
        lastReceivedSeq = seq
        guard finish == nil, phase != .cancelled else { return false }
        switch state {
        case .paused: phase = .paused
        case .resumed: phase = .running
        case .finished(let final):
            finish = final
            phase = .finished
        case .cancelled: phase = .cancelled
        }
        return true
    }

    /// The mate left: a goodbye or a link that gave up. A `cancelled` goodbye before its finish
    /// means it cancelled its run.
    package mutating func left(_ reason: MateReason, detail: String? = nil) {
        if leftReason == nil {
            leftReason = reason
            leftDetail = detail
        }
        if reason == .cancelled, finish == nil { phase = .cancelled }
        connection = phase == .finished || phase == .cancelled ? .closed : .lost
    }

    /// Whether an update numbered `seq` is newer than everything received: older ones are
    /// duplicates or late, and are dropped.
    package func isNew(_ seq: Int) -> Bool {
        seq > lastReceivedSeq
    }

    /// The mate's figures cannot be believed: the update `seq` that showed it is not taken (the
    /// last believable figures stay), the mate is out of the run, and this side closes the link.
    package mutating func disqualify(_ verdict: String, seq: Int) {
        lastReceivedSeq = max(lastReceivedSeq, seq)
        implausible = implausible ?? verdict
        connection = .closed
    }

    package mutating func interrupted() {
        if connection != .lost, connection != .closed { connection = .reconnecting }
    }

    package mutating func restored(at now: Double) {
        guard connection != .lost, connection != .closed else { return }
        connection = .connected
        lastHeard = max(lastHeard, now)
    }

    /// Applies the passing of time: silent after `silentAfter`, lost after `lostAfter` without news.
    package mutating func refresh(now: Double) {
        let quiet = now - lastHeard
        switch connection {
        case .connected, .silent, .reconnecting:
            if quiet >= MatePresence.lostAfter {
                connection = .lost
            } else if connection == .connected, quiet >= MatePresence.silentAfter {
                connection = .silent
            }
        case .closed, .lost:
            break
        }
    }
}
