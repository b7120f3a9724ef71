import MateRunDomain

/// What a link must be able to send again after a reconnect, since frames sent just before a
/// drop (or while interrupted) may never have arrived: the latest `progress` (a snapshot, so the
/// latest is enough) and every `state` the mate has not confirmed (each one is an event).
///
/// States are confirmed by the mate's `last_received_seq` when a session resumes; they are rare
/// (auto-pause edges and the end of a run), so keeping them until then costs little.
struct MateResendBuffer {
    private var latestProgress: MateProgress?
    private var states: [(seq: Int, state: MateRunState)] = []
    /// The highest `seq` given to the link so far, nil before the first `progress` or `state`:
    /// what heartbeats carry.
    private(set) var latestSeq: Int?

    /// Remembers `message` if it is a `progress` or a `state`; other messages are not resent.
    mutating func record(_ message: MateMessage) {
        switch message {
        case .progress(let progress):
            latestProgress = progress
            noteSeq(progress.seq)
        case .state(let seq, let state):
            states.append((seq, state))
            noteSeq(seq)
        default:
            break
        }
    }

    /// What to send after a resume, in `seq` order: every state and the latest progress that the
    /// mate, having received up to `mateLastReceivedSeq`, still lacks. Forgets confirmed states.
    mutating func unconfirmed(after mateLastReceivedSeq: Int) -> [MateMessage] {
        states.removeAll { $0.seq <= mateLastReceivedSeq }
        var pending = states.map { (seq: $0.seq, message: MateMessage.state(seq: $0.seq, $0.state)) }
        if let latestProgress, latestProgress.seq > mateLastReceivedSeq {
            pending.append((latestProgress.seq, .progress(latestProgress)))
        }
        return pending.sorted { $0.seq < $1.seq }.map(\.message)
    }

    private mutating func noteSeq(_ seq: Int) {
        latestSeq = max(latestSeq ?? seq, seq)
    }
}
