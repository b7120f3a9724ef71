import MateRunJSON

/// One value of a parsed JSON document and the path that leads to it.
///
/// Scenario files are walked by hand through this type so that every complaint names the file,
/// the JSON path (`segments[2].pace`) and what was expected there; a document that is not JSON
/// at all, or names a key twice, is refused with its line and column.
struct ScenarioJSONNode {
    let raw: JSON?
    let path: String
    let file: String

    /// The longest piece of a string value a complaint quotes.
    static let quotedLength = 40

    /// Parses `bytes` as a JSON document whose root is an object.
    static func parseDocument(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioJSONNode {
        let raw: JSON
        do {
            raw = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, place: error.place, expected: Self.expectation(for: error))
        }
        let root = ScenarioJSONNode(raw: raw, path: "", file: file)
        guard raw.objectValue != nil else { throw root.mismatch("expected a JSON object at the top level") }
        return root
    }

    /// True when the field is absent or `null`.
    var isMissing: Bool { raw == nil || raw == .null }

    subscript(key: String) -> ScenarioJSONNode {
        ScenarioJSONNode(raw: raw?.objectValue?[key], path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// Rejects fields outside `keys`, so that a misspelt field is reported instead of ignored.
    func allowOnly(_ keys: [String]) throws(ScenarioError) {
        guard let object = raw?.objectValue else { return }
        for key in object.keys.sorted() where !keys.contains(key) {
            throw self[key].mismatch("unknown field; expected one of \(keys.joined(separator: ", "))")
        }
    }

    func object() throws(ScenarioError) -> ScenarioJSONNode {
        guard raw?.objectValue != nil else { throw mismatch("expected an object { ... }, found \(found)") }
        return self
    }

    func array() throws(ScenarioError) -> [ScenarioJSONNode] {
        guard case .array(let items)? = raw else { throw mismatch("expected an array [ ... ], found \(found)") }
        return items.enumerated().map { ScenarioJSONNode(raw: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// How many elements the value has, when it is an array: for a limit checked before the
    /// elements are walked.
    var arrayCount: Int? {
        guard case .array(let items)? = raw else { return nil }
        return items.count
    }

    func string() throws(ScenarioError) -> String {
        guard let text = stringValue else { throw mismatch("expected a string, found \(found)") }
        return text
    }

    func number() throws(ScenarioError) -> Double {
        guard let value = numericValue else { throw mismatch("expected a number, found \(found)") }
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

    /// The value as a finite number when it is one (JSON booleans and strings are not numbers).
    var numericValue: Double? {
        guard case .number(let number)? = raw else { return nil }
        return number.double
    }

    /// The value when it is a string.
    var stringValue: String? {
        guard case .string(let text)? = raw else { return nil }
        return text
    }

    /// The value as the complaint shows it: `"fast"`, `12`, `true`, `an object`, `nothing`;
    /// a long string is cut, so that a huge value is never echoed whole.
    var found: String {
        switch raw {
        case nil: "nothing"
        case .null?: "null"
        case .string(let text)?:
            "\"" + (text.count > Self.quotedLength ? String(text.prefix(Self.quotedLength)) + "…" : text) + "\""
        case .object?: "an object"
        case .array?: "an array"
        case .bool(let flag)?: flag ? "true" : "false"
        case .number(let number)?: number.double?.plainText ?? number.text
        }
    }

    func mismatch(_ expected: String) -> ScenarioError {
        ScenarioError(file: file, place: path, expected: expected)
    }

    private static func expectation(for error: JSONSyntaxError) -> String {
        switch error.problem {
        case .syntax(let text): "expected a JSON document: \(text)"
        case .duplicateKey(let key): "expected each key once in an object, found \"\(key)\" again"
        case .tooDeep(let limit): "expected JSON nested at most \(limit) deep"
        case .invalidUTF8: "expected UTF-8 text"
        }
    }
}
