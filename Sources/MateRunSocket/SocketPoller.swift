import CEpoll
import Foundation
import Glibc
import Synchronization

/// The process's one I/O thread: a single `epoll` set that serves every socket (connections,
/// listeners, the live page's viewers), so that threads stay few whatever the number of sockets.
///
/// A socket joins with `add(_:as:)` and is then served on the poller's thread only: its
/// `service` is called when the socket is ready, when the time it asked for comes, or when
/// another thread `kick`s it (there is something to write, to close, room to read again), and
/// says what to wait for next. Nothing it does there may block.
package final class SocketPoller: Sendable {
    private struct Pending {
        var added: [(PollerToken, any PolledSocket)] = []
        var kicked: [PollerToken] = []
        /// Whether the wake pipe was signalled since the loop last took the pending work.
        var signalled = false

        /// Whether the caller must signal the wake pipe (once until the loop takes the work).
        mutating func takeSignal() -> Bool {
            defer { signalled = true }
            return !signalled
        }
    }

    private let epoll: Int32
    private let wake: WakePipe
    private let pending = Mutex(Pending())
    private let nextToken = Atomic<UInt64>(1)
    /// epoll's data for the wake pipe: no socket has token 0.
    private static let wakeToken: UInt64 = 0

    private static let instance = Mutex<SocketPoller?>(nil)

    /// The process's poller, started on first use.
    package static func shared() throws(SocketError) -> SocketPoller {
        try instance.withLock { (instance: inout SocketPoller?) throws(SocketError) -> SocketPoller in
            if let instance { return instance }
            let poller = try SocketPoller()
            instance = poller
            return poller
        }
    }

    private init() throws(SocketError) {
        _ = SocketOptions.ignoreBrokenPipe
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .lastError("create the socket poller") }
        do {
            wake = try WakePipe()
        } catch {
            Glibc.close(epoll)
            throw error
        }
        self.epoll = epoll
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeToken
        epoll_ctl(epoll, EPOLL_CTL_ADD, wake.readEnd, &event)
        let thread = Thread { [self] in run() }
        thread.name = "materun.poller"
        thread.start()
    }

    /// A token for a socket about to be added, so that it can be kicked from the start.
    package func reserve() -> PollerToken {
        PollerToken(value: nextToken.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// Starts serving `socket` under `token` (from `reserve()`): its `service` is soon called on
    /// the poller's thread, with no readiness, and says what it waits for.
    package func add(_ socket: any PolledSocket, as token: PollerToken) {
        let signal = pending.withLock { pending in
            pending.added.append((token, socket))
            return pending.takeSignal()
        }
        if signal { wake.signal() }
    }

    /// Has the socket of `token` served soon on the poller's thread; harmless once it is gone.
    package func kick(_ token: PollerToken) {
        let signal = pending.withLock { pending in
            pending.kicked.append(token)
            return pending.takeSignal()
        }
        if signal { wake.signal() }
    }

    /// Kicks every socket of `tokens` at once (one lock, at most one wake).
    package func kick(_ tokens: [PollerToken]) {
        guard !tokens.isEmpty else { return }
        let signal = pending.withLock { pending in
            pending.kicked.append(contentsOf: tokens)
            return pending.takeSignal()
        }
        if signal { wake.signal() }
    }

    // MARK: The loop (the poller's thread only)

    private struct Entry {
        let socket: any PolledSocket
        let descriptor: Int32
        /// The events epoll watches for it; nil while it is not in the set.
        var watched: UInt32?
        /// The time the timer heap holds for it (the earliest), nil for none.
        var armed: ContinuousClock.Instant?
    }

    private func run() {
        // The kernel's name for the thread (Foundation's `Thread.name` does not reach it), so that
        // `/proc/PID/task/*/comm` and debuggers tell the poller apart.
        cepoll_name_thread("materun.poller")
        var entries: [UInt64: Entry] = [:]
        var timers = PollerTimers()
        var ready = [epoll_event](repeating: epoll_event(), count: 512)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        var due: [UInt64: PollReadiness] = [:]
        while true {
            let timeout = timers.earliest.map { SocketOptions.pollMilliseconds(until: $0) } ?? -1
            let count = cepoll_wait(epoll, &ready, Int32(ready.count), timeout)
            if count < 0, errno != EINTR {
                // Only a broken epoll set fails here: nothing could be served any more.
                fatalError("the socket poller's epoll_wait failed: \(SocketError.lastError("wait for sockets"))")
            }
            let now = ContinuousClock.now
            due.removeAll(keepingCapacity: true)
            for index in 0..<max(0, Int(count)) {
                let token = ready[index].data.u64
                if token == Self.wakeToken {
                    wake.drain()
                    continue
                }
                due[token, default: []].formUnion(PollReadiness(epoll: ready[index].events))
            }
            let work = pending.withLock { pending in
                defer { pending = Pending() }
                return (pending.added, pending.kicked)
            }
            for (token, socket) in work.0 {
                entries[token.value] = Entry(socket: socket, descriptor: socket.descriptor)
                due[token.value, default: []] = []
            }
            for token in work.1 where entries[token.value] != nil && due[token.value] == nil {
                due[token.value] = []
            }
            while let (at, token) = timers.popDue(at: now) {
                guard entries[token]?.armed == at else { continue }
                entries[token]?.armed = nil
                if due[token] == nil { due[token] = [] }
            }
            for (token, readiness) in due {
                guard let entry = entries[token] else { continue }
                let request = entry.socket.service(PollEvent(readiness: readiness, now: now, scratch: scratch))
                apply(request, to: token, in: &entries, timers: &timers)
            }
        }
    }

    private func apply(_ request: PollRequest, to token: UInt64, in entries: inout [UInt64: Entry], timers: inout PollerTimers) {
        guard var entry = entries[token] else { return }
        switch request {
        case .finished:
            if entry.watched != nil {
                epoll_ctl(epoll, EPOLL_CTL_DEL, entry.descriptor, nil)
            }
            entries[token] = nil
            entry.socket.detached()
        case .wait(let read, let write, let until):
            let wanted = (read ? EPOLLIN.rawValue | EPOLLRDHUP.rawValue : 0) | (write ? EPOLLOUT.rawValue : 0)
            if wanted == 0 {
                // Left out of the set: a hang-up is reported whatever is asked, and would wake
                // the loop again and again until the socket is read.
                if entry.watched != nil {
                    epoll_ctl(epoll, EPOLL_CTL_DEL, entry.descriptor, nil)
                    entry.watched = nil
                }
            } else if entry.watched != wanted {
                var event = epoll_event()
                event.events = wanted
                event.data.u64 = token
                epoll_ctl(epoll, entry.watched == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, entry.descriptor, &event)
                entry.watched = wanted
            }
            // A later time than the one armed waits for the armed one, which serves the socket
            // and arms the later: the heap holds about one time per socket however often it moves.
            if let until, entry.armed.map({ until < $0 }) ?? true {
                entry.armed = until
                timers.push(until, token)
            }
            entries[token] = entry
        }
    }
}

/// Names a socket served by the poller, for `kick`.
package struct PollerToken: Sendable, Hashable {
    let value: UInt64
}

/// A socket the poller serves. Its methods are called on the poller's thread only.
package protocol PolledSocket: AnyObject, Sendable {
    /// The descriptor to watch, fixed for as long as the socket is served.
    var descriptor: Int32 { get }
    /// The socket is ready, its time came, or it was kicked: does what can be done without
    /// blocking and says what to wait for next.
    func service(_ event: PollEvent) -> PollRequest
    /// The poller no longer serves the socket (after `.finished`): it may close its descriptor.
    func detached()
}

/// Why a socket is served, and what with.
package struct PollEvent {
    package let readiness: PollReadiness
    package let now: ContinuousClock.Instant
    /// Room to read into, shared by every socket of the poller: valid during the call only.
    package let scratch: UnsafeMutableRawBufferPointer
}

/// What a socket is ready for (empty when it was served for its time or a kick).
package struct PollReadiness: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bytes, the peer's end, or an error wait to be read.
    package static let readable = PollReadiness(rawValue: 1)
    /// The socket takes bytes, or has failed (a write says how).
    package static let writable = PollReadiness(rawValue: 2)

    init(epoll events: UInt32) {
        var readiness: PollReadiness = []
        let broken = EPOLLERR.rawValue | EPOLLHUP.rawValue
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | broken) != 0 { readiness.insert(.readable) }
        if events & (EPOLLOUT.rawValue | broken) != 0 { readiness.insert(.writable) }
        self = readiness
    }
}

/// What a socket waits for after being served.
package enum PollRequest: Sendable, Equatable {
    /// Readability, writability (neither: the socket is left out of the set), and a time to be
    /// served at whatever happens (nil: none).
    case wait(read: Bool, write: Bool, until: ContinuousClock.Instant?)
    /// The socket is done: the poller lets it go and calls `detached()`.
    case finished
}
