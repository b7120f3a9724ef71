/// A parsed JSON value that keeps numbers as their literal text.
///
/// Our own because the codec must tell `true` from `1` and `3` from `3.0`, and must reject
/// `1e999` instead of reading infinity, which Foundation's parser does not let us see.
enum WireJSONValue: Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([WireJSONValue])
    case object([String: WireJSONValue])
}

/// A JSON number as written, converted on demand.
struct JSONNumber: Equatable {
    let text: String
    /// Whether the literal has no fraction and no exponent.
    let isIntegerLiteral: Bool

    /// The value as an integer, nil when the literal is not an integer or does not fit.
    var integer: Int? { isIntegerLiteral ? Int(text) : nil }

    /// The value as a double, nil when it is not finite (e.g. `1e999`).
    var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
