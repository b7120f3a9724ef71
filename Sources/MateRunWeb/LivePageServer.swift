import CEpoll
import Foundation
import Glibc
import Synchronization

/// The live page's HTTP server: one thread and one `epoll` set for every viewer, however many,
/// so that a page watched by a whole club costs file descriptors and memory, not threads.
///
/// It serves exactly two things, the page at `/` and its event stream at `/events`
/// (`ServerSentEvents`); every connection is a `WebViewer` whose rules decide what is sent and
/// when it is closed. Past `maxViewers` a new connection is told 503 and closed. Publishing an
/// event only wakes the loop: a slow or stuck viewer never slows the run.
package final class LivePageServer: Sendable {
    /// The address bound, with the port the kernel chose when 0 was asked.
    package let host: String
    package let port: UInt16
    package let events: ServerSentEvents
    private let listener: Int32
    private let poller: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let loop = Mutex<(lingerUntil: Double?, viewers: Int, finished: Bool)>((nil, 0, false))
    private let done = DispatchSemaphore(value: 0)

    /// The page (its bytes and its response headers, a fresh nonce each time) for `/`.
    package typealias Page = @Sendable () -> (body: [UInt8], headers: [String])

    /// Listens on `host:port` (0: any free port) and starts serving.
    package init(host: String, port: UInt16, maxViewers: Int = 10_000, limits: WebViewer.Limits = WebViewer.Limits(), page: @escaping Page) throws(WebServerError) {
        _ = signal(SIGPIPE, SIG_IGN)
        let (listener, boundPort) = try Self.listen(host: host, port: port)
        let poller = epoll_create1(Int32(EPOLL_CLOEXEC))
        var pipeEnds: [Int32] = [0, 0]
        guard poller >= 0, pipe(&pipeEnds) == 0 else {
            Glibc.close(listener)
            throw WebServerError("set up the page's event loop", code: errno)
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFL, O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.host = host
        self.port = boundPort
        self.listener = listener
        self.poller = poller
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        let wake = pipeEnds[1]
        events = ServerSentEvents(published: {
            var byte: UInt8 = 1
            _ = Glibc.write(wake, &byte, 1)
        })
        Self.watch(poller, listener, EPOLLIN.rawValue)
        Self.watch(poller, wakeRead, EPOLLIN.rawValue)
        let thread = Thread { [self] in
            run(maxViewers: maxViewers, limits: limits, page: page)
            done.signal()
        }
        thread.name = "materun.web"
        thread.start()
    }

    /// Viewers connected now (streaming or being answered).
    package var viewerCount: Int { loop.withLock { $0.viewers } }

    /// Stops serving once every streaming viewer has been sent everything published, or after
    /// `linger` seconds, whichever comes first; returns when the loop has ended and every socket
    /// is closed.
    package func stop(linger: Double = 2) {
        let first = loop.withLock { state in
            defer { state.finished = true }
            if state.lingerUntil == nil { state.lingerUntil = Self.now() + linger }
            return !state.finished
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
        done.wait()
    }


    /// Monotonic seconds: the viewers' deadlines.
    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    // MARK: The loop

    private func run(maxViewers: Int, limits: WebViewer.Limits, page: Page) {
        var viewers: [Int32: WebViewer] = [:]
        var writing = Set<Int32>()
        var ready = [epoll_event](repeating: epoll_event(), count: 256)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = epoll_wait(poller, &ready, Int32(ready.count), 250)
            let now = Self.now()
            for index in 0..<max(0, Int(count)) {
                let fd = ready[index].data.fd
                if fd == listener {
                    accept(into: &viewers, max: maxViewers, now: now, limits: limits)
                } else if fd == wakeRead {
                    while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
                } else if var viewer = viewers[fd] {
                    let flags = ready[index].events
                    if flags & EPOLLIN.rawValue != 0 || flags & (EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLRDHUP.rawValue) != 0 {
                        let read = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                        if read > 0 {
                            viewer.received(Array(buffer[0..<read]), now: now, page: page)
                        } else if read == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                            viewer.disconnected()
                        }
                    }
                    viewers[fd] = viewer
                }
            }
            let lingerUntil = loop.withLock { $0.lingerUntil }
            var allSent = true
            for fd in Array(viewers.keys) {
                guard var viewer = viewers[fd] else { continue }
                viewer.tick(now: now)
                if let after = viewer.wantsMessages {
                    viewer.queue(events.messages(after: after), now: now)
                }
                flush(fd, &viewer, now: now)
                if viewer.phase == .closed {
                    close(fd, &viewers, &writing)
                    continue
                }
                let wantsWrite = !viewer.outbox.isEmpty
                if wantsWrite != writing.contains(fd) {
                    Self.change(poller, fd, EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (wantsWrite ? EPOLLOUT.rawValue : 0))
                    if wantsWrite { writing.insert(fd) } else { writing.remove(fd) }
                }
                if case .streaming(let cursor) = viewer.phase, cursor < events.lastID || wantsWrite { allSent = false }
                viewers[fd] = viewer
            }
            loop.withLock { $0.viewers = viewers.count }
            if let lingerUntil, now >= lingerUntil || allSent { break }
        }
        for fd in Array(viewers.keys) { close(fd, &viewers, &writing) }
        Glibc.close(listener)
        Glibc.close(poller)
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    private func accept(into viewers: inout [Int32: WebViewer], max: Int, now: Double, limits: WebViewer.Limits) {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var viewer = WebViewer(now: now, limits: limits)
            guard viewers.count < max else {
                viewer.refuseAsFull()
                flush(fd, &viewer, now: now)
                Glibc.close(fd)
                continue
            }
            viewers[fd] = viewer
            Self.watch(poller, fd, EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
        }
    }

    /// Writes what the viewer has waiting, as much as the socket takes now.
    private func flush(_ fd: Int32, _ viewer: inout WebViewer, now: Double) {
        while !viewer.outbox.isEmpty {
            let sent = viewer.outbox.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent > 0 {
                viewer.wrote(sent, now: now)
            } else {
                if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK { viewer.disconnected() }
                return
            }
        }
    }

    private func close(_ fd: Int32, _ viewers: inout [Int32: WebViewer], _ writing: inout Set<Int32>) {
        epoll_ctl(poller, EPOLL_CTL_DEL, fd, nil)
        Glibc.close(fd)
        viewers[fd] = nil
        writing.remove(fd)
    }

    private static func watch(_ poller: Int32, _ fd: Int32, _ flags: UInt32) {
        var event = epoll_event()
        event.events = flags
        event.data.fd = fd
        epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event)
    }

    private static func change(_ poller: Int32, _ fd: Int32, _ flags: UInt32) {
        var event = epoll_event()
        event.events = flags
        event.data.fd = fd
        epoll_ctl(poller, EPOLL_CTL_MOD, fd, &event)
    }

    /// A non-blocking listening socket on `host:port`, and the port bound.
    private static func listen(host: String, port: UInt16) throws(WebServerError) -> (Int32, UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
            throw WebServerError("find the address \(host) to serve the page on", code: nil)
        }
        defer { freeaddrinfo(found) }
        let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw WebServerError("open a socket for the page", code: errno) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, Glibc.listen(fd, 1024) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw WebServerError("serve the page on \(host):\(port)", code: code)
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let boundPort = withUnsafeBytes(of: bound) { raw -> UInt16 in
            // sin_port and sin6_port sit at the same offset, in network order.
            UInt16(raw[2]) << 8 | UInt16(raw[3])
        }
        return (fd, boundPort)
    }
}

/// The page could not be served: what was being done, and the system's reason.
package struct WebServerError: Error, CustomStringConvertible {
    package let action: String
    package let code: Int32?

    init(_ action: String, code: Int32?) {
        self.action = action
        self.code = code
    }

    package var description: String {
        "cannot \(action)" + (code.map { ": " + String(cString: strerror($0)) } ?? "")
    }
}
