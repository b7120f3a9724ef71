import MateRunDomain

/// The `MateLink` over TCP for both roles: it owns the current `SocketMateChannel`, survives its
/// drops, and keeps the mate informed.
///
/// It exists so that the run never sees a socket: it reports the mate's messages (heartbeats as
/// `.alive`, duplicates after a resume dropped), sends heartbeats when there is nothing else to
/// say, and on a drop reports `.interrupted`, keeps what must be resent, and either redials (the
/// joiner) or waits for `MateHost` to hand it the reconnected joiner (the host), until `lostAfter`.
package actor TCPMateLink: MateLink {
    /// How a dropped connection comes back.
    enum Recovery: Sendable {
        /// The host waits for its joiner to reconnect; `MateHost` calls `resume(on:...)`.
        case awaitMate
        /// The joiner dials again with backoff.
        case redial(MateRedial)
    }

    private enum Phase {
        case connected(SocketMateChannel, generation: Int)
        case interrupted(generation: Int)
        case ended
    }

    package nonisolated let events: AsyncStream<MateLinkEvent>
    private let eventSink: AsyncStream<MateLinkEvent>.Continuation
    private let timings: MateTimings
    private let recovery: Recovery
    private let onEnd: @Sendable () -> Void

    private var phase: Phase
    private var generation = 0
    /// The highest `seq` received from the mate: older `progress` and `state` are duplicates.
    private var lastReceivedSeq = 0
    private var resendable = MateResendBuffer()
    /// When a frame was last sent, on `timings.clock`.
    private var lastSentAt: Duration
    private var heartbeat: Task<Void, Never>?
    private var outage: Task<Void, Never>?
    private var lostTimer: Task<Void, Never>?

    private init(
        channel: SocketMateChannel, timings: MateTimings, recovery: Recovery, onEnd: @escaping @Sendable () -> Void
    ) {
        (events, eventSink) = AsyncStream.makeStream(of: MateLinkEvent.self)
        self.timings = timings
        self.recovery = recovery
        self.onEnd = onEnd
        phase = .connected(channel, generation: 0)
        lastSentAt = timings.clock.now()
    }

    /// A link over `channel`, freshly paired: sets the paired idle timeout and starts reading and
    /// heartbeats. `onEnd` runs once when the link is lost or closed.
    static func open(
        channel: SocketMateChannel, timings: MateTimings, recovery: Recovery, onEnd: @escaping @Sendable () -> Void = {}
    ) async -> TCPMateLink {
        let link = TCPMateLink(channel: channel, timings: timings, recovery: recovery, onEnd: onEnd)
        await link.start(channel)
        return link
    }

    private func start(_ channel: SocketMateChannel) {
        channel.paired(idleTimeout: timings.idleTimeout)
        startReading(channel, generation: generation)
        heartbeat = Task { [weak self, clock = timings.clock] in
            while let wait = await self?.heartbeatTick() {
                try? await clock.sleep(wait)
                if Task.isCancelled { return }
            }
        }
    }

    package func send(_ update: MateUpdate) {
        resendable.record(update)
        if case .connected(let channel, _) = phase {
            enqueue(MateMessage(update), on: channel)
        }
    }

    package func close(_ goodbye: MateGoodbye) async {
        guard !isEnded else { return }
        let channel = currentChannel
        end(reporting: nil)
        // Everything sent before is already written or queued ahead of the goodbye.
        await channel?.close(goodbye)
    }

    /// Takes over the joiner's new connection for the same session (host side), replacing the
    /// old one if the drop was not noticed yet. Sends `welcome(lastReceivedSeq)` first, then what
    /// the mate lacks after `mateLastReceivedSeq`. Returns false when the link has ended.
    func resume(
        on channel: SocketMateChannel, mateLastReceivedSeq: Int, welcome: @Sendable (Int) -> MateMessage
    ) -> Bool {
        if case .ended = phase { return false }
        adopt(channel, mateLastReceivedSeq: mateLastReceivedSeq, greeting: welcome(lastReceivedSeq))
        return true
    }

    // MARK: Receiving

    /// Reads `channel` until it ends, on the actor: each frame is decoded and handled in the one
    /// job that the socket poller schedules for it. The loop keeps the link alive until
    /// the connection ends, which `close` and every loss bring about.
    private func startReading(_ channel: SocketMateChannel, generation: Int) {
        Task { await read(channel, generation: generation) }
    }

    private func read(_ channel: SocketMateChannel, generation: Int) async {
        do {
            while let message = try await channel.next() {
                received(message, generation: generation)
            }
        } catch {
            dropped(SocketMateChannel.channelClosed(error), generation: generation)
        }
    }

    private func received(_ message: MateMessage, generation: Int) {
        guard case .connected(let channel, let current) = phase, current == generation else { return }
        switch message {
        case .progress(let progress):
            deliver(.progress(progress))
        case .state(let seq, let state):
            deliver(.state(seq: seq, state))
        case .heartbeat:
            eventSink.yield(.alive)
        case .ping(let id):
            enqueue(.pong(id: id), on: channel)
        case .pong:
            break
        case .bye(let goodbye):
            lose(reason: goodbye.reason, detail: goodbye.message)
        case .hello, .welcome, .refused, .terms, .accept, .start:
            let detail = "\(channel.peer) sent \(message.wireType) after pairing"
            lose(reason: .unexpected, detail: detail, goodbye: MateGoodbye(reason: .unexpected, message: detail))
        }
    }

    /// Passes an update on unless it is not newer than what arrived already.
    private func deliver(_ update: MateUpdate) {
        guard update.seq > lastReceivedSeq else { return }
        lastReceivedSeq = update.seq
        eventSink.yield(.update(update))
    }

    private func dropped(_ closed: MateChannelClosed, generation: Int) {
        guard case .connected(_, let current) = phase, current == generation else { return }
        guard closed.reason == .connectionLost || closed.reason == .timeout else {
            lose(reason: closed.reason, detail: closed.detail)
            return
        }
        phase = .interrupted(generation: generation)
        eventSink.yield(.interrupted(reason: closed.detail))
        lostTimer = Task { [weak self, lostAfter = timings.lostAfter, clock = timings.clock] in
            try? await clock.sleep(lostAfter)
            if Task.isCancelled { return }
            await self?.giveUp(generation: generation)
        }
        if case .redial(let redial) = recovery {
            outage = Task { [weak self, lastReceivedSeq] in
                let outcome = await redial.reconnect(lastReceivedSeq: lastReceivedSeq)
                await self?.redialed(outcome, generation: generation)
            }
        }
    }

    // MARK: Recovering

    private func redialed(_ outcome: MateRedial.Outcome, generation: Int) {
        guard case .interrupted(let current) = phase, current == generation else {
            if case .resumed(let channel, _) = outcome {
                channel.connection.close()
            }
            return
        }
        switch outcome {
        case .resumed(let channel, let mateLastReceivedSeq):
            adopt(channel, mateLastReceivedSeq: mateLastReceivedSeq, greeting: nil)
        case .refused(let error):
            lose(reason: error.reason, detail: "could not resume the session: \(error)")
        case .cancelled:
            break
        }
    }

    private func adopt(_ channel: SocketMateChannel, mateLastReceivedSeq: Int, greeting: MateMessage?) {
        if case .connected(let old, _) = phase {
            old.connection.close()
            eventSink.yield(.interrupted(reason: "the mate reconnected before the old connection ended"))
        }
        outage?.cancel()
        lostTimer?.cancel()
        generation += 1
        phase = .connected(channel, generation: generation)
        channel.paired(idleTimeout: timings.idleTimeout)
        if let greeting {
            enqueue(greeting, on: channel)
        }
        for update in resendable.unconfirmed(after: mateLastReceivedSeq) {
            enqueue(MateMessage(update), on: channel)
        }
        startReading(channel, generation: generation)
        eventSink.yield(.restored)
    }

    private func giveUp(generation: Int) {
        guard case .interrupted(let current) = phase, current == generation else { return }
        lose(reason: .connectionLost, detail: "no connection to the mate for \(timings.lostAfter.seconds.plainText) s")
    }

    // MARK: Sending and ending

    /// Sends a heartbeat if nothing was sent for the interval; the wait until the next check, or
    /// nil once the link has ended.
    private func heartbeatTick() -> Duration? {
        if case .ended = phase { return nil }
        let now = timings.clock.now()
        let due = lastSentAt + timings.heartbeatInterval
        guard now >= due else { return due - now }
        if case .connected(let channel, _) = phase {
            enqueue(.heartbeat(seq: resendable.latestSeq), on: channel)
        } else {
            lastSentAt = now
        }
        return timings.heartbeatInterval
    }

    /// Sends from the actor, without waiting: frames leave in the order the actor sends them.
    private func enqueue(_ message: MateMessage, on channel: SocketMateChannel) {
        lastSentAt = timings.clock.now()
        channel.enqueue(message)
    }

    /// Reports the mate lost and ends the link, closing the connection (with `goodbye`, if any).
    private func lose(reason: MateReason, detail: String, goodbye: MateGoodbye? = nil) {
        guard !isEnded else { return }
        let channel = currentChannel
        end(reporting: .lost(reason: reason, detail: detail))
        guard let channel else { return }
        if let goodbye {
            Task { await channel.close(goodbye) }
        } else {
            channel.connection.close()
        }
    }

    /// Moves to `.ended`, reports `finalEvent` as the last event, and stops everything but the
    /// connection, which the caller closes.
    private func end(reporting finalEvent: MateLinkEvent?) {
        phase = .ended
        heartbeat?.cancel()
        outage?.cancel()
        lostTimer?.cancel()
        if let finalEvent {
            eventSink.yield(finalEvent)
        }
        eventSink.finish()
        onEnd()
    }

    private var isEnded: Bool {
        if case .ended = phase { return true }
        return false
    }

    private var currentChannel: SocketMateChannel? {
        if case .connected(let channel, _) = phase { return channel }
        return nil
    }
}
