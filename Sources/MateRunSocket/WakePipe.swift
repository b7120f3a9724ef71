import Glibc
import Synchronization

/// A pipe a blocked `poll` also watches, so that another thread can wake it at once: to cancel
/// a connect or a prelude's wait, or to wake the socket poller for work another thread queued.
final class WakePipe: Sendable {
    /// The end to include in `poll` with `POLLIN`.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(SocketError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .lastError("create wake pipe") }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            SocketOptions.setCloseOnExec(end)
            _ = try? SocketOptions.setNonBlocking(end, operation: "configure wake pipe")
        }
    }

    deinit {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }

    /// Makes the read end readable; harmless if it already is (a full pipe is still readable).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after `poll` reported it readable.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
