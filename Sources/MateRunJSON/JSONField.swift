/// A value of a parsed JSON document and the path that leads to it, read with the type and range
/// each field must have: the program's one field reader, for scenario files, kept runs, mate
/// frames and group messages alike.
///
/// A value that is not what was asked for is a `JSONFieldError` naming the path, what was
/// expected and what was found; each reader turns it into its own error (a scenario's file and
/// place, a kept run's file and line, a close reason on the wire), so that the checks are written
/// once and the complaints stay in each reader's words.
package struct JSONField: Sendable {
    /// The value, nil when the field is absent.
    package let value: JSON?
    /// Where the value sits: `segments[2].pace`; empty for the document's root.
    package let path: String
    /// The key of the field in its object, or the path of an array element (`laps[3]`).
    package let key: String

    /// The longest piece of a string value a complaint quotes.
    private static let quotedLength = 40

    package init(_ value: JSON?, path: String = "", key: String = "") {
        self.value = value
        self.path = path
        self.key = key
    }

    /// True when the field is absent or `null`.
    package var isMissing: Bool { value == nil || value == .null }

    /// The member `key` of this object (absent when this is not an object).
    package subscript(key: String) -> JSONField {
        JSONField(value?.objectValue?[key], path: path.isEmpty ? key : "\(path).\(key)", key: key)
    }

    /// The keys of this object, in the order written; empty when this is not an object.
    package var keys: [String] { value?.objectValue?.keys ?? [] }

    package func object() throws(JSONFieldError) -> JSONField {
        guard value?.objectValue != nil else { throw wrongType("an object") }
        return self
    }

    package func array() throws(JSONFieldError) -> [JSONField] {
        guard case .array(let items)? = value else { throw wrongType("an array") }
        return items.enumerated().map { JSONField($1, path: "\(path)[\($0)]", key: "\(key)[\($0)]") }
    }

    /// How many elements the value has, when it is an array: for a limit checked before the
    /// elements are walked.
    package var arrayCount: Int? {
        guard case .array(let items)? = value else { return nil }
        return items.count
    }

    package func string() throws(JSONFieldError) -> String {
        guard let text = stringValue else { throw wrongType("a string") }
        return text
    }

    /// A string of at most `maxCharacters` characters and `maxBytes` bytes of UTF-8.
    package func string(maxCharacters: Int, maxBytes: Int) throws(JSONFieldError) -> String {
        let text = try string()
        guard text.utf8.count <= maxBytes else { throw outOfRange("is longer than \(maxBytes) bytes") }
        guard text.count <= maxCharacters else { throw outOfRange("is longer than \(maxCharacters) characters") }
        return text
    }

    package func bool() throws(JSONFieldError) -> Bool {
        guard case .bool(let flag)? = value else { throw wrongType("a boolean") }
        return flag
    }

    /// A finite number.
    package func number() throws(JSONFieldError) -> Double {
        guard case .number(let number)? = value else { throw wrongType("a number") }
        guard let double = number.double else { throw outOfRange("must be a finite number") }
        return double
    }

    /// A finite number in `range`.
    package func number(in range: ClosedRange<Double>) throws(JSONFieldError) -> Double {
        guard case .number(let number)? = value else { throw wrongType("a number") }
        guard let double = number.double, range.contains(double) else {
            throw outOfRange("must be a finite number in \(range.lowerBound)...\(range.upperBound)")
        }
        return double
    }

    /// A whole number written as one (`3.0` or `"3"` is a wrong type, not 3) in `range`.
    package func integer(in range: ClosedRange<Int>) throws(JSONFieldError) -> Int {
        guard case .number(let number)? = value, number.isIntegerLiteral else { throw wrongType("an integer") }
        guard let integer = number.integer, range.contains(integer) else {
            throw outOfRange("must be in \(range.lowerBound)...\(range.upperBound)")
        }
        return integer
    }

    /// The value as a finite number when it is one (JSON booleans and strings are not numbers).
    package var numericValue: Double? {
        guard case .number(let number)? = value else { return nil }
        return number.double
    }

    /// The value as an integer when it is written as one and fits.
    package var integerValue: Int? {
        guard case .number(let number)? = value else { return nil }
        return number.integer
    }

    /// The value when it is a string.
    package var stringValue: String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    /// The value as a complaint shows it: `"fast"`, `12`, `true`, `an object`, `nothing`; a long
    /// string is cut, so that a huge value is never echoed whole.
    package var found: String {
        switch value {
        case nil: "nothing"
        case .null?: "null"
        case .string(let text)?:
            "\"" + (text.count > Self.quotedLength ? String(text.prefix(Self.quotedLength)) + "…" : text) + "\""
        case .object?: "an object"
        case .array?: "an array"
        case .bool(let flag)?: flag ? "true" : "false"
        case .number(let number)?: number.text
        }
    }

    private func wrongType(_ expected: String) -> JSONFieldError {
        JSONFieldError(path: path, key: key, problem: isMissing ? .missing : .wrongType, expected: expected, found: found)
    }

    private func outOfRange(_ detail: String) -> JSONFieldError {
        JSONFieldError(path: path, key: key, problem: .outOfRange, expected: detail, found: found)
    }
}

/// Why a `JSONField` read failed: where, what kind of miss, what was expected and what was found.
package struct JSONFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of miss it was: readers that answer each kind apart (the wire's close reasons)
    /// switch on it.
    package enum Problem: Sendable {
        /// Absent or null.
        case missing
        /// Present, of another type.
        case wrongType
        /// Of the right type, outside what is allowed (`expected` says how).
        case outOfRange
    }

    package let path: String
    package let key: String
    package let problem: Problem
    /// For a missing or wrongly typed value, the type expected (`a string`); for one out of range,
    /// what it must be (`must be in 1...9`, `is longer than 40 characters`).
    package let expected: String
    package let found: String

    package init(path: String, key: String, problem: Problem, expected: String, found: String) {
        self.path = path
        self.key = key
        self.problem = problem
        self.expected = expected
        self.found = found
    }

    /// `segments[2].pace: expected a string, found 12`.
    package var description: String {
        "\(path.isEmpty ? "the document" : path): expected \(expected), found \(found)"
    }
}
