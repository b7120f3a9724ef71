/// A JSON value with its key order fixed, written by hand.
///
/// It exists because the event stream must be fast and byte-for-byte deterministic (stable key
/// order, chosen precision), which `JSONEncoder` does not promise, and so that later features can
/// add their own fields (a `mate` object, a `result` string) to the lines `JSONEventView` writes.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A number written with `decimals` digits after the point (0...9); NaN and infinity are
    /// written as `null`, since JSON has no spelling for them.
    case number(Double, decimals: Int)
    case string(String)
    case array([JSONValue])
    /// Fields in the order given.
    case object([JSONField])

    /// The value as compact JSON text.
    package var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case let .bool(value): text += value ? "true" : "false"
        case let .integer(value): text += String(value)
        case let .number(value, decimals): JSONNumberText.write(value, decimals: decimals, to: &text)
        case let .string(value): JSONStringText.write(value, to: &text)
        case let .array(values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case let .object(fields):
            text += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { text += "," }
                JSONStringText.write(field.key, to: &text)
                text += ":"
                field.value.write(to: &text)
            }
            text += "}"
        }
    }
}

/// One key and its value in a JSON object.
package struct JSONField: Sendable, Equatable {
    package var key: String
    package var value: JSONValue

    package init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
