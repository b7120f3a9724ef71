/// A JSON value, as parsed from text or built to be written.
///
/// The one JSON representation of the program: the mate wire, the scenario files and the
/// `--json` event lines all use it. Numbers keep their literal text, so that a reader can tell
/// `3` from `3.0` and refuse `1e999` instead of reading infinity, and a writer chooses its
/// precision; objects keep their members in order, so output is byte-for-byte deterministic.
package indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// `value` with `decimals` digits after the point, or `null` when it is not finite (JSON has
    /// no spelling for NaN or infinity).
    package static func number(_ value: Double, decimals: Int) -> JSON {
        JSONNumber(value, decimals: decimals).map(JSON.number) ?? .null
    }

    /// `value` in the shortest form that reads back exactly (stored figures keep every digit),
    /// or `null` when it is not finite.
    package static func number(shortest value: Double) -> JSON {
        JSONNumber(shortest: value).map(JSON.number) ?? .null
    }

    /// A whole number.
    package static func integer(_ value: Int) -> JSON {
        .number(JSONNumber(value))
    }

    /// An object with `members` in the order given.
    package static func object(_ members: [(String, JSON)]) -> JSON {
        .object(JSONObject(members))
    }

    /// The members, when this is an object.
    package var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

/// One member of an object being built: its key and value.
package typealias JSONMember = (key: String, value: JSON)

extension JSON {
    /// The value as compact JSON text.
    package var jsonText: String { JSONText.text(self) }
}
