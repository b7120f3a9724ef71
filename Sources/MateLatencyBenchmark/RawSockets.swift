import Dispatch
import Foundation
import Glibc

/// The floor: a loopback TCP connection driven by plain blocking `send`/`recv` on two dedicated
/// threads, TCP_NODELAY, one system call per frame: what C would do, with no poll, no lock, no
/// thread hop and no codec.
final class RawSocketPair: Sendable {
    let client: Int32
    let server: Int32

    init() {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        precondition(listener >= 0, "socket")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                precondition(bind(listener, raw, length) == 0, "bind")
                precondition(listen(listener, 1) == 0, "listen")
                precondition(getsockname(listener, raw, &length) == 0, "getsockname")
            }
        }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) }
        }
        precondition(connected == 0, "connect")
        let server = accept(listener, nil, nil)
        precondition(server >= 0, "accept")
        Glibc.close(listener)
        for fd in [client, server] {
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        self.client = client
        self.server = server
    }

    deinit {
        Glibc.close(client)
        Glibc.close(server)
    }

    /// Round trips of `frame` (client → server → client), in nanoseconds, one per element.
    func pingPong(_ frame: [UInt8], count: Int) -> [UInt64] {
        let samples = Shared([UInt64](repeating: 0, count: count))
        let done = DispatchSemaphore(value: 0)
        let size = frame.count
        let server = self.server
        let client = self.client
        startThread("floor.echo") {
            var buffer = [UInt8](repeating: 0, count: size)
            for _ in 0..<count {
                Self.receiveExactly(server, &buffer)
                Self.sendAll(server, buffer)
            }
            done.signal()
        }
        startThread("floor.ping") {
            var buffer = [UInt8](repeating: 0, count: size)
            var local = [UInt64](repeating: 0, count: count)
            for index in 0..<count {
                let start = monotonicNanoseconds()
                Self.sendAll(client, frame)
                Self.receiveExactly(client, &buffer)
                local[index] = monotonicNanoseconds() - start
            }
            samples.value = local
            done.signal()
        }
        done.wait()
        done.wait()
        return samples.value
    }

    /// Sends `count` frames one way as fast as blocking `send` goes (one call per frame); the
    /// nanoseconds from the first send until the receiver has every byte.
    func stream(_ frame: [UInt8], count: Int) -> UInt64 {
        let started = Shared<UInt64>(0)
        let finished = Shared<UInt64>(0)
        let done = DispatchSemaphore(value: 0)
        let total = frame.count * count
        let server = self.server
        let client = self.client
        startThread("floor.sink") {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var received = 0
            var frames = 0
            while received < total {
                let got = buffer.withUnsafeMutableBytes { recv(server, $0.baseAddress, min($0.count, total - received), 0) }
                precondition(got > 0, "recv")
                for byte in buffer[0..<got] where byte == UInt8(ascii: "\n") { frames += 1 }
                received += got
            }
            precondition(frames == count)
            finished.value = monotonicNanoseconds()
            done.signal()
        }
        startThread("floor.source") {
            started.value = monotonicNanoseconds()
            for _ in 0..<count {
                Self.sendAll(client, frame)
            }
            done.signal()
        }
        done.wait()
        done.wait()
        return finished.value - started.value
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            precondition(sent > 0, "send")
            offset += sent
        }
    }

    private static func receiveExactly(_ fd: Int32, _ buffer: inout [UInt8]) {
        var offset = 0
        while offset < buffer.count {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset, 0) }
            if got < 0, errno == EINTR { continue }
            precondition(got > 0, "recv")
            offset += got
        }
    }
}

func startThread(_ name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = name
    thread.start()
}
