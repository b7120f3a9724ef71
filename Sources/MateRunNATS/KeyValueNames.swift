/// The names a key-value bucket is made of, checked before they reach the server: a bucket is
/// letters, digits, `-` and `_`; a key is those and `/`, `=` and `.`, not starting or ending
/// with a dot (as the official clients allow), so that each key is exactly one subject.
package enum KeyValueNames {
    /// `$KV.<bucket>.`: every key's subject starts with it.
    package static func subjectPrefix(_ bucket: String) -> String { "$KV.\(bucket)." }

    package static func validateBucket(_ bucket: String) throws(JetStreamError) {
        guard !bucket.isEmpty, bucket.utf8.allSatisfy({ isNameByte($0) }) else {
            throw .invalidName("bucket name \"\(bucket.prefix(64))\": use letters, digits, - and _")
        }
    }

    package static func validateKey(_ key: String) throws(JetStreamError) {
        guard !key.isEmpty, !key.hasPrefix("."), !key.hasSuffix("."), !key.contains(".."),
            key.utf8.allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ".") })
        else { throw .invalidName("key \"\(key.prefix(64))\": use letters, digits and -_/=. (no dot first, last or twice)") }
    }

    /// A filter for `keys(matching:)`: a key whose last tokens may be `*` or `>` (`group.>`).
    package static func validateFilter(_ filter: String) throws(JetStreamError) {
        let tokens = filter.split(separator: ".", omittingEmptySubsequences: false)
        for (index, token) in tokens.enumerated() {
            if token == "*" || (token == ">" && index == tokens.count - 1) { continue }
            do {
                try validateKey(String(token))
            } catch {
                throw .invalidName("key filter \"\(filter.prefix(64))\": tokens are keys, * or a last >")
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
