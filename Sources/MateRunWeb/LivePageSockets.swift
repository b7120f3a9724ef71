import Dispatch
import Glibc
import MateRunSocket
import Synchronization

/// What every socket of one live page shares: who is connected, the log to stream, the page.
struct LivePageSite: Sendable {
    let viewers: LivePageViewers
    let events: ServerSentEvents
    let limits: WebViewer.Limits
    let page: LivePageServer.Page
    let fixed: FixedAnswers
    let maxViewers: Int
}

/// The live page's sockets on the poller: which viewers are connected (so that a published event
/// kicks them, and the cap is held), and the stop, which waits until the last socket is closed.
final class LivePageViewers: Sendable {
    private struct State {
        var viewers: Set<PollerToken> = []
        var listening = false
        /// Set by `stop`: streams are closed once sent everything, every socket at this time.
        var lingerUntil: ContinuousClock.Instant?
        var stopped = false

        /// Stopping, and the last socket just went (reported once).
        mutating func isOver() -> Bool {
            guard lingerUntil != nil, !stopped, viewers.isEmpty, !listening else { return false }
            stopped = true
            return true
        }
    }

    let poller: SocketPoller
    /// The origin of the viewers' clock (`WebViewer` counts seconds).
    let origin = ContinuousClock.now
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    init(poller: SocketPoller) {
        self.poller = poller
    }

    var count: Int { state.withLock { $0.viewers.count } }

    var lingerUntil: ContinuousClock.Instant? { state.withLock { $0.lingerUntil } }

    /// The listener's token; it counts as a socket until it is detached.
    func listening() -> PollerToken {
        state.withLock { $0.listening = true }
        return poller.reserve()
    }

    /// A token for one more viewer, nil past `maximum` or once stopping.
    func admit(maximum: Int) -> PollerToken? {
        state.withLock { state in
            guard state.viewers.count < maximum, state.lingerUntil == nil else { return nil }
            let token = poller.reserve()
            state.viewers.insert(token)
            return token
        }
    }

    /// Has every viewer served: something was published.
    func kickAll() {
        poller.kick(state.withLock { Array($0.viewers) })
    }

    /// A viewer's socket is closed.
    func left(_ token: PollerToken) {
        let last = state.withLock { state in
            state.viewers.remove(token)
            return state.isOver()
        }
        if last { done.signal() }
    }

    /// The listener's socket is closed.
    func listenerLeft() {
        let last = state.withLock { state in
            state.listening = false
            return state.isOver()
        }
        if last { done.signal() }
    }

    /// Starts the stop, once, and waits until every socket is closed.
    func stop(linger: Double, listener: PollerToken) {
        let tokens = state.withLock { state -> [PollerToken]? in
            guard state.lingerUntil == nil else { return nil }
            state.lingerUntil = .now + .seconds(max(0, linger))
            return Array(state.viewers) + [listener]
        }
        guard let tokens else { return }
        poller.kick(tokens)
        done.wait()
    }

    /// Seconds on the viewers' clock.
    func seconds(_ instant: ContinuousClock.Instant) -> Double {
        let (seconds, attoseconds) = (instant - origin).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    func instant(_ seconds: Double) -> ContinuousClock.Instant {
        origin + .seconds(seconds)
    }
}

/// The page's listening socket: accepts every viewer it can, tells the rest 503.
final class LivePageListener: PolledSocket {
    let descriptor: Int32
    private let site: LivePageSite
    private let token: PollerToken

    init(descriptor: Int32, site: LivePageSite, token: PollerToken) {
        self.descriptor = descriptor
        self.site = site
        self.token = token
    }

    func service(_ event: PollEvent) -> PollRequest {
        if site.viewers.lingerUntil != nil { return .finished }
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            guard client >= 0 else {
                let code = errno
                if code == EINTR || code == ECONNABORTED { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                // No descriptor left (or another refusal): try again in a moment rather than
                // spin on a socket that stays readable.
                return .wait(read: false, write: false, until: event.now + .milliseconds(100))
            }
            _ = fcntl(client, F_SETFL, O_NONBLOCK)
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let now = site.viewers.seconds(event.now)
            guard let viewer = site.viewers.admit(maximum: site.maxViewers) else {
                var full = WebViewer(now: now, limits: site.limits)
                full.refuseAsFull()
                _ = full.outbox.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                Glibc.close(client)
                continue
            }
            site.viewers.poller.add(LivePageConnection(descriptor: client, site: site, token: viewer, now: now), as: viewer)
        }
        return .wait(read: true, write: false, until: nil)
    }

    func detached() {
        Glibc.close(descriptor)
        site.viewers.listenerLeft()
    }
}

/// One viewer's socket: reads its request, writes what its `WebViewer` says, closes when it says.
final class LivePageConnection: PolledSocket {
    let descriptor: Int32
    private let site: LivePageSite
    private let token: PollerToken
    private let viewer: Mutex<WebViewer>
    /// How many times one service takes messages from the log and writes them, so that a viewer
    /// far behind does not hold the poller from every other socket.
    private static let refillsPerService = 8

    init(descriptor: Int32, site: LivePageSite, token: PollerToken, now: Double) {
        self.descriptor = descriptor
        self.site = site
        self.token = token
        viewer = Mutex(WebViewer(now: now, limits: site.limits))
    }

    func service(_ event: PollEvent) -> PollRequest {
        viewer.withLock { viewer in serve(event, &viewer) }
    }

    func detached() {
        Glibc.close(descriptor)
        site.viewers.left(token)
    }

    private func serve(_ event: PollEvent, _ viewer: inout WebViewer) -> PollRequest {
        let now = site.viewers.seconds(event.now)
        if event.readiness.contains(.readable) {
            let read = recv(descriptor, event.scratch.baseAddress, event.scratch.count, Int32(MSG_DONTWAIT))
            if read > 0 {
                viewer.received(Array(UnsafeRawBufferPointer(rebasing: event.scratch[0..<read])), now: now, page: site.page, fixed: site.fixed)
            } else if read == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                viewer.disconnected()
            }
        }
        viewer.tick(now: now)
        for _ in 0..<Self.refillsPerService {
            if let after = viewer.wantsMessages {
                viewer.queue(site.events.messages(after: after), now: now)
            }
            flush(&viewer, now: now)
            guard viewer.outbox.isEmpty, case .streaming(let cursor) = viewer.phase, cursor < site.events.lastID else { break }
        }
        let lingerUntil = site.viewers.lingerUntil
        if let lingerUntil, event.now >= lingerUntil || viewer.isOwedNothing(lastID: site.events.lastID) {
            viewer.disconnected()
        }
        if viewer.phase == .closed { return .finished }
        var until = viewer.nextDeadline.map(site.viewers.instant)
        if let lingerUntil { until = min(until ?? lingerUntil, lingerUntil) }
        if viewer.outbox.isEmpty, case .streaming(let cursor) = viewer.phase, cursor < site.events.lastID {
            // More is published than one service writes: serve again at once.
            until = event.now
        }
        return .wait(read: true, write: !viewer.outbox.isEmpty, until: until)
    }

    /// Writes what the viewer has waiting, as much as the socket takes now.
    private func flush(_ viewer: inout WebViewer, now: Double) {
        while !viewer.outbox.isEmpty {
            let sent = viewer.outbox.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent > 0 {
                viewer.wrote(sent, now: now)
            } else {
                if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK { viewer.disconnected() }
                return
            }
        }
    }
}
