import MateRunDomain

/// Why bytes from a mate could not be turned into a `MateMessage`, naming what was wrong.
///
/// Every case but `unknownType` is a protocol violation that closes the connection (PROTOCOL.md,
/// "Errors"); `unknownType` is skipped for forward compatibility.
package enum MateWireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame reached `limit` bytes without its newline.
    case frameTooLarge(limit: Int)
    /// The frame's bytes are not valid UTF-8.
    case invalidUTF8
    /// The frame is not JSON at all; `detail` says what and where.
    case malformedJSON(detail: String)
    /// The frame is JSON but not an object (an array, a number...).
    case notAnObject
    /// The object has no string `"type"` field.
    case missingType
    /// A message type this version does not know.
    case unknownType(String)
    /// A required field of a known message is absent.
    case missingField(type: String, field: String)
    /// A field has the wrong JSON type, e.g. a string where a number belongs.
    case wrongFieldType(type: String, field: String, expected: String)
    /// A field has the right type but an impossible value (negative, not finite, too large...).
    case invalidValue(type: String, field: String, detail: String)

    /// The reason a connection closed by this error gives in its `bye`.
    package var reason: MateReason {
        switch self {
        case .frameTooLarge: .frameTooLarge
        default: .badFrame
        }
    }

    package var description: String {
        switch self {
        case .frameTooLarge(let limit): "frame longer than \(limit) bytes"
        case .invalidUTF8: "frame is not valid UTF-8"
        case .malformedJSON(let detail): "frame is not valid JSON: \(detail)"
        case .notAnObject: "frame is not a JSON object"
        case .missingType: "frame has no string \"type\" field"
        case .unknownType(let type): "unknown message type \"\(type)\""
        case .missingField(let type, let field): "\(type): missing field \"\(field)\""
        case .wrongFieldType(let type, let field, let expected): "\(type): field \"\(field)\" must be \(expected)"
        case .invalidValue(let type, let field, let detail): "\(type): field \"\(field)\" \(detail)"
        }
    }
}
