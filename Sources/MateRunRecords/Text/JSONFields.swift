
/// A parsed JSON object read field by field, each miss a `RecordFormatError` naming the field.
struct JSONFields {
    let values: [String: Any]
    /// Where the object sits, for messages: `run.json`, `track.jsonl line 12`.
    let place: String

    init(_ values: [String: Any], place: String) {
        self.values = values
        self.place = place
    }

    /// Parses `bytes` as one JSON object.
    init(parsing bytes: some Collection<UInt8>, place: String) throws(RecordFormatError) {
        guard let value = try? JSONReader.parse(Array(bytes)), let values = value as? [String: Any] else {
            throw RecordFormatError(place: place, expected: "a JSON object")
        }
        self.init(values, place: place)
    }

    func string(_ key: String) throws(RecordFormatError) -> String {
        guard let value = values[key] as? String else { throw missing(key, "a string") }
        return value
    }

    /// No figure of a run comes near this; a bound on every number keeps a corrupt file from
    /// overflowing a conversion later (to a whole number, a date, an export's decimal).
    static let largestNumber = 1e12

    func number(_ key: String) throws(RecordFormatError) -> Double {
        guard let value = optionalNumber(key) else { throw missing(key, "a number within ±1e12") }
        return value
    }

    func optionalNumber(_ key: String) -> Double? {
        guard let number = values[key] as? Double, abs(number) <= Self.largestNumber else { return nil }
        return number
    }

    /// A number that must be a whole one (a version, an index, a count).
    func integer(_ key: String) throws(RecordFormatError) -> Int {
        let value = try number(key)
        guard value == value.rounded() else { throw missing(key, "a whole number") }
        return Int(value)
    }

    /// A number that must lie in `range` (a latitude, a longitude).
    func number(_ key: String, in range: ClosedRange<Double>) throws(RecordFormatError) -> Double {
        let value = try number(key)
        guard range.contains(value) else { throw missing(key, "a number from \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    func object(_ key: String) throws(RecordFormatError) -> JSONFields {
        guard let value = values[key] as? [String: Any] else { throw missing(key, "an object") }
        return JSONFields(value, place: "\(place) \(key)")
    }

    func optionalObject(_ key: String) -> JSONFields? {
        (values[key] as? [String: Any]).map { JSONFields($0, place: "\(place) \(key)") }
    }

    func objects(_ key: String) throws(RecordFormatError) -> [JSONFields] {
        guard let items = values[key] as? [Any] else { throw missing(key, "an array") }
        var fields: [JSONFields] = []
        for (index, item) in items.enumerated() {
            guard let object = item as? [String: Any] else { throw missing("\(key)[\(index)]", "an object") }
            fields.append(JSONFields(object, place: "\(place) \(key)[\(index)]"))
        }
        return fields
    }

    func word<Word: RawRepresentable>(_ key: String, as: Word.Type) throws(RecordFormatError) -> Word
    where Word.RawValue == String {
        let text = try string(key)
        guard let word = Word(rawValue: text) else { throw missing(key, "a known word, not \"\(text)\"") }
        return word
    }

    private func missing(_ key: String, _ expected: String) -> RecordFormatError {
        RecordFormatError(place: "\(place) \"\(key)\"", expected: expected)
    }
}

/// A store file that does not read as what it should be.
package struct RecordFormatError: Error, Equatable, CustomStringConvertible {
    /// The file and field: `run.json "distance_m"`.
    package var place: String
    package var expected: String

    package var description: String { "\(place): expected \(expected)" }
}

