#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where text goes: standard output or error, written with `write(2)`.
///
/// Glibc's `stdout` is not concurrency-safe in Swift 6; this sink is, and it buffers so that a
/// replay at `--speed max` does not make a system call per line.
package final class OutputSink: Sendable {
    private let descriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private let flushThreshold = 64 * 1024

    package static let standardOutput = OutputSink(descriptor: 1)
    package static let standardError = OutputSink(descriptor: 2)

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the descriptor is a terminal.
    package var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Appends text; it is written once the buffer is large or on `flush()`.
    package func write(_ text: String) {
        let full = buffer.withLock { bytes -> Bool in
            bytes.append(contentsOf: text.utf8)
            return bytes.count >= flushThreshold
        }
        if full { flush() }
    }

    package func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Writes everything buffered so far.
    package func flush() {
        buffer.withLock { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw in
                    Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                }
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
