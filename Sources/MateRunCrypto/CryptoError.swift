/// Why a cryptographic operation could not be done, said so that a person knows what to fix.
///
/// The platform's OpenSSL is loaded only when a feature first needs it, so a machine without it
/// runs everything else and meets `libraryUnavailable` only there.
package enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The shared library could not be loaded (not installed, or not OpenSSL 3).
    case libraryUnavailable(library: String, detail: String)
    /// The library lacks a function this program calls (an OpenSSL older than 3).
    case functionMissing(library: String, function: String)
    /// A key, seed or signature of the wrong size.
    case badLength(what: String, expected: Int, got: Int)
    /// OpenSSL refused the operation; `detail` is its error queue, when it said anything.
    case operationFailed(operation: String, detail: String)

    package var description: String {
        switch self {
        case .libraryUnavailable(let library, let detail):
            "cannot load \(library) (OpenSSL 3; on Debian: apt-get install libssl3): \(detail)"
        case .functionMissing(let library, let function):
            "\(library) has no \(function) (OpenSSL 3 is needed)"
        case .badLength(let what, let expected, let got):
            "\(what) must be \(expected) bytes, not \(got)"
        case .operationFailed(let operation, let detail):
            detail.isEmpty ? "\(operation) failed" : "\(operation) failed: \(detail)"
        }
    }
}
