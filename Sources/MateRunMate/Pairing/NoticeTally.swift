/// Keeps the host's log quiet under attack: each kind of notice (a refusal reason, a handshake
/// that failed, a connection dropped for room) is printed the first time, then only counted
/// until `interval` seconds have passed, when the count is printed with the next one
/// ("refused 5256 more like it in 10 s: busy") instead of a line per attempt.
///
/// A value type with the time passed in, so that it is tested without a clock.
struct NoticeTally {
    private struct Kind {
        var since: Double
        var suppressed = 0
    }

    let interval: Double
    private var kinds: [String: Kind] = [:]

    init(interval: Double) {
        self.interval = interval
    }

    /// The lines to print for a notice of `kind` saying `text` at `now`: the text when its kind
    /// was quiet for the interval (after a count of what was held back), else nothing.
    mutating func record(_ kind: String, _ text: String, now: Double) -> [String] {
        guard var entry = kinds[kind], now - entry.since < interval else {
            let held = kinds[kind].map { summary(kind, $0, now: now) } ?? []
            kinds[kind] = Kind(since: now)
            return held + [text]
        }
        entry.suppressed += 1
        kinds[kind] = entry
        return []
    }

    /// The counts still held back, e.g. when the host closes.
    mutating func flush(now: Double) -> [String] {
        let lines = kinds.keys.sorted().flatMap { kind in kinds[kind].map { summary(kind, $0, now: now) } ?? [] }
        kinds = [:]
        return lines
    }

    private func summary(_ kind: String, _ entry: Kind, now: Double) -> [String] {
        guard entry.suppressed > 0 else { return [] }
        let seconds = Int(max(0, now - entry.since).rounded())
        return ["\(entry.suppressed) more like it in \(seconds) s: \(kind)"]
    }
}
