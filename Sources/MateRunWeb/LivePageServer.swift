import Glibc
import MateRunSocket

/// The live page's HTTP server: every viewer is one socket of the process's `SocketPoller`
/// (the same thread that serves the run's other sockets), so that a page watched by a whole club
/// costs file descriptors and memory, not threads.
///
/// It serves the page at `/` and its event stream at `/events` (`ServerSentEvents`), and any
/// fixed paths it is given answers for (`FixedAnswers`); every connection is a `WebViewer` whose rules decide what is sent and
/// when it is closed. Past `maxViewers` a new connection is told 503 and closed. Publishing an
/// event only kicks the viewers' sockets: a slow or stuck viewer never slows the run.
package final class LivePageServer: Sendable {
    /// The address bound, with the port the kernel chose when 0 was asked.
    package let host: String
    package let port: UInt16
    package let events: ServerSentEvents
    private let viewers: LivePageViewers
    private let listener: PollerToken

    /// The page (its bytes and its response headers, a fresh nonce each time) for `/`.
    package typealias Page = @Sendable () -> (body: [UInt8], headers: [String])

    /// Listens on `host:port` (0: any free port) and starts serving.
    /// `fixed`: paths answered beside `/` and `/events` (`materun serve --metrics`), under the
    /// same limits.
    package init(
        host: String, port: UInt16, maxViewers: Int = 10_000, limits: WebViewer.Limits = WebViewer.Limits(), fixed: FixedAnswers = FixedAnswers(),
        page: @escaping Page
    ) throws(WebServerError) {
        let poller: SocketPoller
        do {
            poller = try SocketPoller.shared()
        } catch {
            throw WebServerError("set up the page's event loop", code: error.code)
        }
        let (listener, boundPort) = try Self.listen(host: host, port: port)
        self.host = host
        self.port = boundPort
        let viewers = LivePageViewers(poller: poller)
        self.viewers = viewers
        let events = ServerSentEvents(published: { viewers.kickAll() })
        self.events = events
        let token = viewers.listening()
        self.listener = token
        let site = LivePageSite(viewers: viewers, events: events, limits: limits, page: page, fixed: fixed, maxViewers: maxViewers)
        poller.add(LivePageListener(descriptor: listener, site: site, token: token), as: token)
    }

    /// Viewers connected now (streaming or being answered).
    package var viewerCount: Int { viewers.count }

    /// Stops serving once every streaming viewer has been sent everything published, or after
    /// `linger` seconds, whichever comes first; returns when every socket is closed.
    package func stop(linger: Double = 2) {
        viewers.stop(linger: linger, listener: listener)
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
