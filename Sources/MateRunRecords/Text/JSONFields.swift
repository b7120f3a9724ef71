import MateRunJSON

/// An object of a store file, parsed by the project's one JSON parser and read field by field:
/// each miss is a `RecordFormatError` naming the file, the field and what was expected.
struct JSONFields {
    private let object: JSONObject
    /// Where the object's parent sits (`run.json`), and the object's key and index in it: the
    /// place is only spelled out for a message, not for each of the many objects read well.
    private let parentPlace: String
    private let key: String?
    private let index: Int?

    /// No figure of a run comes near this; a bound on every number keeps a corrupt file from
    /// overflowing a conversion later (to a whole number, a date, an export's decimal).
    static let largestNumber = 1e12

    init(_ object: JSONObject, place: String) {
        self.init(object, parentPlace: place, key: nil, index: nil)
    }

    private init(_ object: JSONObject, parentPlace: String, key: String?, index: Int?) {
        self.object = object
        self.parentPlace = parentPlace
        self.key = key
        self.index = index
    }

    /// Where the object sits, for messages: `run.json`, `track.jsonl line 12`, `run.json bests 1k`.
    var place: String {
        guard let key else { return parentPlace }
        return "\(parentPlace) \(key)" + (index.map { "[\($0)]" } ?? "")
    }

    /// Parses `bytes` as one JSON object.
    init(parsing bytes: [UInt8], place: String) throws(RecordFormatError) {
        let value: JSON
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw RecordFormatError(place: "\(place) \(error.place)", problem: error.message)
        }
        guard let object = value.objectValue else { throw RecordFormatError(place: place, expected: "a JSON object") }
        self.init(object, place: place)
    }

    /// Whether the field is there and not `null`.
    func has(_ key: String) -> Bool {
        if let value = object[key], value != .null { return true }
        return false
    }

    func optionalString(_ key: String) -> String? {
        guard case .string(let text)? = object[key] else { return nil }
        return text
    }

    func string(_ key: String) throws(RecordFormatError) -> String {
        guard let text = optionalString(key) else { throw missing(key, "a string") }
        return text
    }

    func optionalBool(_ key: String) -> Bool? {
        guard case .bool(let flag)? = object[key] else { return nil }
        return flag
    }

    func number(_ key: String) throws(RecordFormatError) -> Double {
        guard let value = optionalNumber(key) else { throw missing(key, "a number within ±1e12") }
        return value
    }

    func optionalNumber(_ key: String) -> Double? {
        guard case .number(let number)? = object[key], let value = number.double, abs(value) <= Self.largestNumber else {
            return nil
        }
        return value
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
        guard let fields = optionalObject(key) else { throw missing(key, "an object") }
        return fields
    }

    func optionalObject(_ key: String) -> JSONFields? {
        object[key]?.objectValue.map { JSONFields($0, parentPlace: place, key: key, index: nil) }
    }

    func objects(_ key: String) throws(RecordFormatError) -> [JSONFields] {
        guard case .array(let items)? = object[key] else { throw missing(key, "an array") }
        let parentPlaceOfChildren = place
        var fields: [JSONFields] = []
        fields.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let object = item.objectValue else { throw missing("\(key)[\(index)]", "an object") }
            fields.append(JSONFields(object, parentPlace: parentPlaceOfChildren, key: key, index: index))
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
