#if canImport(Glibc)
import Glibc
#endif
import MateRunPresentation
import Synchronization

/// Where text goes: standard output or error, written with `write(2)`.
///
/// Glibc's `stdout` is not concurrency-safe in Swift 6; this sink is, and it buffers so that a
/// replay at `--speed max` does not make a system call per line. Standard error carries only
/// messages, and messages quote what came from outside (file content, a mate's words), so that
/// sink neutralises every control character line by line (`TerminalText`): nothing written to
/// it can drive the terminal.
package final class OutputSink: Sendable {
    private let descriptor: Int32
    private let carriesMessagesOnly: Bool
    private let buffer = Mutex<[UInt8]>([])
    private let failure = Mutex<Int32?>(nil)
    private let flushThreshold = 64 * 1024

    package static let standardOutput = OutputSink(descriptor: 1)
    package static let standardError = OutputSink(descriptor: 2, carriesMessagesOnly: true)

    /// The most characters a message line keeps on a messages-only sink.
    package static let messageLineLimit = 1000

    package init(descriptor: Int32, carriesMessagesOnly: Bool = false) {
        self.descriptor = descriptor
        self.carriesMessagesOnly = carriesMessagesOnly
    }

    /// Whether the descriptor is a terminal.
    package var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Appends text; it is written once the buffer is large or on `flush()`.
    package func write(_ text: String) {
        let safe = carriesMessagesOnly ? Self.neutralisedLines(text) : text
        let full = buffer.withLock { bytes -> Bool in
            bytes.append(contentsOf: safe.utf8)
            return bytes.count >= flushThreshold
        }
        if full { flush() }
    }

    /// Appends bytes as they are (a binary export); a messages-only sink neutralises them as text.
    package func write(bytes: [UInt8]) {
        guard !carriesMessagesOnly else { return write(String(decoding: bytes, as: UTF8.self)) }
        let full = buffer.withLock { buffered -> Bool in
            buffered.append(contentsOf: bytes)
            return buffered.count >= flushThreshold
        }
        if full { flush() }
    }

    package func writeLine(_ text: String) {
        write(text + "\n")
    }

    private static func neutralisedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.neutralised(String($0), limit: messageLineLimit) }
            .joined(separator: "\n")
    }

    /// Writes everything buffered so far. After a failed write the sink drops what it is given
    /// and remembers why (`writeFailure`).
    package func flush() {
        buffer.withLock { bytes in
            defer { bytes.removeAll(keepingCapacity: true) }
            guard failure.withLock({ $0 == nil }) else { return }
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
                    let code = written < 0 ? errno : EIO
                    failure.withLock { $0 = $0 ?? code }
                    return
                }
            }
        }
    }

    /// The `errno` of the first write that failed, nil while every write succeeded.
    package var writeFailure: Int32? {
        failure.withLock { $0 }
    }
}
