/// Why a JetStream call (a key-value bucket's, here) failed, typed so that a caller can act on
/// the cases it expects (someone else wrote first, the key is there already) and show the rest.
package enum JetStreamError: Error, Sendable, CustomStringConvertible {
    /// The server, or the account, has no JetStream: nobody answers `$JS.API`, or the API says so.
    case notEnabled
    /// An update expected the key at one revision and found another: someone else wrote first.
    case wrongLastRevision(key: String, expected: UInt64)
    /// `create` found the key holding a value already.
    case keyExists(key: String, revision: UInt64)
    /// No stream answered on `subject`: the bucket does not exist (or, for a read, does not
    /// allow direct gets).
    case noResponders(subject: String)
    /// No answer within the time given (in a cluster, while it elects a leader, for example).
    case timedOut(String)
    /// The API answered with an error other than the ones above.
    case api(JetStreamAPIError)
    /// A key or bucket name the key-value store cannot carry.
    case invalidName(String)
    /// The server's answer could not be read.
    case badReply(String)
    /// The connection failed, or the client is closed.
    case nats(NATSError)

    package var description: String {
        switch self {
        case .notEnabled: "JetStream is not enabled on the NATS server (start it with -js)"
        case .wrongLastRevision(let key, let expected): "\(key) is no longer at revision \(expected): someone else wrote it first"
        case .keyExists(let key, let revision): "\(key) exists already (revision \(revision))"
        case .noResponders(let subject): "no JetStream stream answers on \(subject): does the bucket exist?"
        case .timedOut(let what): "timed out: \(what)"
        case .api(let error): error.description
        case .invalidName(let detail): detail
        case .badReply(let detail): "unreadable JetStream reply: \(detail)"
        case .nats(let error): error.description
        }
    }
}

/// The `error` object of a JetStream API reply: an HTTP-like `code`, the NATS `err_code`
/// unique to each kind of error, and the server's description.
package struct JetStreamAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    package var code: Int
    package var errorCode: Int
    package var detail: String

    /// The `err_code`s this client acts on.
    package static let jetStreamNotEnabledForAccount = 10039
    package static let jetStreamNotEnabled = 10076
    package static let wrongLastSequence = 10071
    package static let streamNameInUse = 10058
    /// Another stream holds the subjects: also what a create racing another create of the same
    /// stream can be told.
    package static let subjectsOverlap = 10065
    package static let streamNotFound = 10059
    package static let noMessageFound = 10037

    package init(code: Int, errorCode: Int, detail: String) {
        self.code = code
        self.errorCode = errorCode
        self.detail = detail
    }

    package var description: String { "JetStream: \(detail) (code \(code), err_code \(errorCode))" }
}
