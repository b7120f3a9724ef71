import MateRunJSON

/// One value of a parsed JSON document and the path that leads to it.
///
/// Scenario files are walked by hand through this type so that every complaint names the file,
/// the JSON path (`segments[2].pace`) and what was expected there; a document that is not JSON
/// at all, or names a key twice, is refused with its line and column.
struct ScenarioJSONNode {
    let field: JSONField
    let file: String

    var path: String { field.path }

    /// Parses `bytes` as a JSON document whose root is an object.
    static func parseDocument(_ bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioJSONNode {
        let raw: JSON
        do {
            raw = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, place: error.place, expected: Self.expectation(for: error))
        }
        let root = ScenarioJSONNode(field: JSONField(raw), file: file)
        guard raw.objectValue != nil else { throw root.mismatch("expected a JSON object at the top level") }
        return root
    }

    /// True when the field is absent or `null`.
    var isMissing: Bool { field.isMissing }

    subscript(key: String) -> ScenarioJSONNode {
        ScenarioJSONNode(field: field[key], file: file)
    }

    /// Rejects fields outside `keys`, so that a misspelt field is reported instead of ignored.
    func allowOnly(_ keys: [String]) throws(ScenarioError) {
        for key in field.keys.sorted() where !keys.contains(key) {
            throw self[key].mismatch("unknown field; expected one of \(keys.joined(separator: ", "))")
        }
    }

    func object() throws(ScenarioError) -> ScenarioJSONNode {
        _ = try read("an object { ... }") { () throws(JSONFieldError) in try field.object() }
        return self
    }

    func array() throws(ScenarioError) -> [ScenarioJSONNode] {
        try read("an array [ ... ]") { () throws(JSONFieldError) in try field.array() }.map { ScenarioJSONNode(field: $0, file: file) }
    }

    /// How many elements the value has, when it is an array: for a limit checked before the
    /// elements are walked.
    var arrayCount: Int? { field.arrayCount }

    func string() throws(ScenarioError) -> String {
        try read("a string") { () throws(JSONFieldError) in try field.string() }
    }

    func number() throws(ScenarioError) -> Double {
        try read("a number") { () throws(JSONFieldError) in try field.number() }
    }

    /// A number in `range`, described by `meaning` in the complaint (e.g. "a weight in kg").
    func number(in range: ClosedRange<Double>, meaning: String) throws(ScenarioError) -> Double {
        do {
            return try field.number(in: range)
        } catch {
            throw mismatch("expected \(meaning) between \(range.lowerBound.plainText) and \(range.upperBound.plainText), found \(found)")
        }
    }

    func optionalString() throws(ScenarioError) -> String? {
        isMissing ? nil : try string()
    }

    /// The value as a finite number when it is one (JSON booleans and strings are not numbers).
    var numericValue: Double? { field.numericValue }

    /// The value when it is a string.
    var stringValue: String? { field.stringValue }

    /// The value as the complaint shows it: `"fast"`, `12`, `true`, `an object`, `nothing`
    /// (a number in plain decimals, whatever its spelling in the file).
    var found: String {
        if case .number(let number)? = field.value { return number.double?.plainText ?? number.text }
        return field.found
    }

    /// The field's read, a miss complained about as expecting `what`.
    private func read<Value>(_ what: String, _ body: () throws(JSONFieldError) -> Value) throws(ScenarioError) -> Value {
        do {
            return try body()
        } catch {
            throw mismatch("expected \(what), found \(found)")
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
