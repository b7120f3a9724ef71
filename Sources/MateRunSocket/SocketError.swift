import Glibc

/// A failed socket call, saying what was being done to which address and what the system said,
/// e.g. "connect to 127.0.0.1:5000: connection refused".
package struct SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. "connect to 127.0.0.1:5000".
    package var operation: String
    /// The system's explanation, e.g. "connection refused".
    package var detail: String
    /// The `errno` value, when the failure came from one.
    package var code: Int32?

    package init(operation: String, detail: String, code: Int32? = nil) {
        self.operation = operation
        self.detail = detail
        self.code = code
    }

    /// The error for the current `errno`.
    static func lastError(_ operation: String) -> SocketError {
        system(Glibc.errno, operation)
    }

    static func system(_ code: Int32, _ operation: String) -> SocketError {
        let text = String(cString: strerror(code))
        return SocketError(operation: operation, detail: text.prefix(1).lowercased() + text.dropFirst(), code: code)
    }

    package var description: String { "\(operation): \(detail)" }
}
