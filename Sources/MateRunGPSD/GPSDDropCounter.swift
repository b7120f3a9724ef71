import Synchronization

/// The running count of what a gpsd session dropped, readable while the session goes on and
/// after it, so that the command can tell the runner how much of the stream was unusable.
package final class GPSDDropCounter: Sendable {
    private let counts = Mutex(TPVEpochMerger.Counts())
    private let oversized = Mutex(0)

    package init() {}

    /// What the line parser dropped, by reason.
    package var parsed: TPVEpochMerger.Counts { counts.withLock { $0 } }

    /// Lines longer than the limit (each one ends the connection, which is then re-made).
    package var oversizedLines: Int { oversized.withLock { $0 } }

    func record(_ latest: TPVEpochMerger.Counts) {
        counts.withLock { $0 = latest }
    }

    func recordOversizedLine() {
        oversized.withLock { $0 += 1 }
    }

    /// One line for the runner: nil when nothing was dropped.
    package var summary: String? {
        let parsed = parsed
        let oversized = oversizedLines
        guard parsed.total + oversized > 0 else { return nil }
        var parts: [String] = []
        if parsed.noFix > 0 { parts.append("\(parsed.noFix) without a fix") }
        if parsed.timeWentBack > 0 { parts.append("\(parsed.timeWentBack) with a time going back") }
        if parsed.timeJumped > 0 { parts.append("\(parsed.timeJumped) with a time far ahead") }
        if parsed.malformed > 0 { parts.append("\(parsed.malformed) malformed") }
        if parsed.garbage > 0 { parts.append("\(parsed.garbage) not JSON") }
        if oversized > 0 { parts.append("\(oversized) too long") }
        return "gpsd reports dropped: " + parts.joined(separator: ", ")
    }
}
