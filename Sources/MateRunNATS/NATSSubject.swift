/// The rules a subject (and a queue group name) must follow to be carried by the protocol:
/// dot-separated non-empty tokens of printable bytes, no spaces or line ends; `*` and `>` are
/// whole-token wildcards, allowed only where a subscription is made, `>` only last.
package enum NATSSubject {
    package static func validate(_ subject: String, wildcards: Bool) throws(NATSError) {
        let bytes = Array(subject.utf8)
        guard !bytes.isEmpty, bytes.count <= 1024 else { throw .invalidSubject(subject) }
        let tokens = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for (index, token) in tokens.enumerated() {
            guard !token.isEmpty, token.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { throw .invalidSubject(subject) }
            let hasWildcard = token.contains(UInt8(ascii: "*")) || token.contains(UInt8(ascii: ">"))
            guard hasWildcard else { continue }
            guard wildcards, token.count == 1 else { throw .invalidSubject(subject) }
            if token.first == UInt8(ascii: ">") && index != tokens.count - 1 { throw .invalidSubject(subject) }
        }
    }

    /// A queue group name: one token of printable bytes.
    package static func validateQueue(_ queue: String) throws(NATSError) {
        let bytes = Array(queue.utf8)
        guard !bytes.isEmpty, bytes.count <= 256, bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            throw .invalidSubject(queue)
        }
    }
}
