/// A JSON object written field by field, keys in the order given, so that the store's files and
/// the `--json` lines read the same on every run and diff cleanly.
///
/// Numbers that are not finite are written as `null`: JSON has no NaN or infinity.
package struct JSONObjectText {
    private var text = "{"
    private var empty = true

    package init() {}

    package mutating func add(_ key: String, _ value: String?) {
        appendKey(key)
        text += value.map(JSONObjectText.quoted) ?? "null"
    }

    package mutating func add(_ key: String, _ value: Double?) {
        appendKey(key)
        text += value.map(JSONObjectText.number) ?? "null"
    }

    package mutating func add(_ key: String, _ value: Int) {
        appendKey(key)
        text += String(value)
    }

    package mutating func add(_ key: String, _ value: Bool) {
        appendKey(key)
        text += value ? "true" : "false"
    }

    /// Adds a value that is already JSON (an object or array written by this type).
    package mutating func add(_ key: String, json: String) {
        appendKey(key)
        text += json
    }

    /// Adds `value` only when it is present, instead of writing `null`.
    package mutating func addIfPresent(_ key: String, _ value: Double?) {
        if let value { add(key, value) }
    }

    package var finished: String { text + "}" }

    private mutating func appendKey(_ key: String) {
        if !empty { text += "," }
        empty = false
        text += JSONObjectText.quoted(key) + ":"
    }

    /// A JSON array of already written values.
    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// The shortest text that reads back as the same Double; whole numbers without a fraction.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    package static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
