import MateRunDomain

/// What a link must be able to send again after a reconnect, since frames sent just before a
/// drop (or while interrupted) may never have arrived: the latest `progress` (a snapshot, so the
/// latest is enough) and every `state` the mate has not confirmed (each one is an event).
///
/// States are confirmed by the mate's `last_received_seq` when a session resumes; they are rare
/// (auto-pause edges and the end of a run), so keeping them until then costs little.
struct MateResendBuffer {
    private var latestProgress: MateProgress?
    private var states: [(seq: Int, state: MateStateChange)] = []
    /// The highest `seq` given to the link so far, nil before the first `progress` or `state`:
    /// what heartbeats carry.
    private(set) var latestSeq: Int?

    /// Remembers `update` to send it again if a reconnect needs it.
    mutating func record(_ update: MateUpdate) {
        switch update {
        case .progress(let progress):
            latestProgress = progress
            noteSeq(progress.seq)
        case .state(let seq, let state):
            states.append((seq, state))
            noteSeq(seq)
        }
    }

    /// What to send after a resume, in `seq` order: every state and the latest progress that the
    /// mate, having received up to `mateLastReceivedSeq`, still lacks. Forgets confirmed states.
    mutating func unconfirmed(after mateLastReceivedSeq: Int) -> [MateUpdate] {
        states.removeAll { $0.seq <= mateLastReceivedSeq }
        var pending = states.map { MateUpdate.state(seq: $0.seq, $0.state) }
        if let latestProgress, latestProgress.seq > mateLastReceivedSeq {
            pending.append(.progress(latestProgress))
        }
        return pending.sorted { $0.seq < $1.seq }
    }

    private mutating func noteSeq(_ seq: Int) {
        latestSeq = max(latestSeq ?? seq, seq)
    }
}
