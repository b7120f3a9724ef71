import Foundation

/// One value of a parsed JSON document and the path that leads to it.
///
/// `JSONSerialization` gives untyped values and `JSONDecoder` gives errors without a usable
/// location, so scenario files are walked by hand through this type: every complaint it raises
/// names the file, the JSON path (`segments[2].pace`) and what was expected there.
struct ScenarioJSONNode {
    let raw: Any?
    let path: String
    let file: String

    /// Parses `bytes` as a JSON document whose root is an object.
    static func parseDocument(_ bytes: Data, file: String) throws(ScenarioError) -> ScenarioJSONNode {
        let raw: Any
        do {
            raw = try JSONSerialization.jsonObject(with: bytes)
        } catch {
            throw ScenarioError(file: file, place: "", expected: "expected a JSON document (\(Self.reason(of: error)))")
        }
        let root = ScenarioJSONNode(raw: raw, path: "", file: file)
        guard raw is [String: Any] else { throw root.mismatch("expected a JSON object at the top level") }
        return root
    }

    /// True when the field is absent or `null`.
    var isMissing: Bool { raw == nil || raw is NSNull }

    subscript(key: String) -> ScenarioJSONNode {
        let dictionary = raw as? [String: Any]
        return ScenarioJSONNode(raw: dictionary?[key], path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// Rejects fields outside `keys`, so that a misspelt field is reported instead of ignored.
    func allowOnly(_ keys: [String]) throws(ScenarioError) {
        guard let dictionary = raw as? [String: Any] else { return }
        for key in dictionary.keys.sorted() where !keys.contains(key) {
            throw self[key].mismatch("unknown field; expected one of \(keys.joined(separator: ", "))")
        }
    }

    func object() throws(ScenarioError) -> ScenarioJSONNode {
        guard raw is [String: Any] else { throw mismatch("expected an object { ... }, found \(found)") }
        return self
    }

    func array() throws(ScenarioError) -> [ScenarioJSONNode] {
        guard let items = raw as? [Any] else { throw mismatch("expected an array [ ... ], found \(found)") }
        return items.enumerated().map { ScenarioJSONNode(raw: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws(ScenarioError) -> String {
        guard let text = raw as? String else { throw mismatch("expected a string, found \(found)") }
        return text
    }

    func number() throws(ScenarioError) -> Double {
        guard let value = numericValue, value.isFinite else { throw mismatch("expected a number, found \(found)") }
        return value
    }

    /// A number in `range`, described by `meaning` in the complaint (e.g. "a weight in kg").
    func number(in range: ClosedRange<Double>, meaning: String) throws(ScenarioError) -> Double {
        guard let value = numericValue, range.contains(value) else {
            throw mismatch("expected \(meaning) between \(range.lowerBound.plainText) and \(range.upperBound.plainText), found \(found)")
        }
        return value
    }

    func optionalString() throws(ScenarioError) -> String? {
        isMissing ? nil : try string()
    }

    /// The value as an exact number when it is one (JSON booleans are not numbers here).
    var numericValue: Double? {
        guard let number = raw as? NSNumber, !(raw is String), String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }

    /// The value as the complaint shows it: `"fast"`, `12`, `true`, `an object`, `nothing`.
    var found: String {
        switch raw {
        case nil: "nothing"
        case is NSNull: "null"
        case let text as String: "\"\(text)\""
        case is [String: Any]: "an object"
        case is [Any]: "an array"
        case let number as NSNumber:
            String(cString: number.objCType) == "c" ? (number.boolValue ? "true" : "false") : number.doubleValue.plainText
        default: "an unexpected value"
        }
    }

    func mismatch(_ expected: String) -> ScenarioError {
        ScenarioError(file: file, place: path, expected: expected)
    }

    private static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
