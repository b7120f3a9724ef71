import MateRunJSON

/// An object of a store file, parsed by the project's one JSON parser and read through
/// `JSONField`: each miss is a `RecordFormatError` naming the file, the field and what was
/// expected.
struct JSONFields {
    private let object: JSONField
    /// Where the object's parent sits (`run.json`); the place is only spelled out for a message,
    /// not for each of the many objects read well.
    private let parentPlace: String

    /// No figure of a run comes near this; a bound on every number keeps a corrupt file from
    /// overflowing a conversion later (to a whole number, a date, an export's decimal).
    static let largestNumber = 1e12

    init(_ object: JSONObject, place: String) {
        self.init(JSONField(.object(object)), parentPlace: place)
    }

    private init(_ object: JSONField, parentPlace: String) {
        self.object = object
        self.parentPlace = parentPlace
    }

    /// Where the object sits, for messages: `run.json`, `track.jsonl line 12`, `run.json bests 1k`.
    var place: String {
        object.key.isEmpty ? parentPlace : "\(parentPlace) \(object.key)"
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
    func has(_ key: String) -> Bool { !object[key].isMissing }

    func optionalString(_ key: String) -> String? { object[key].stringValue }

    func string(_ key: String) throws(RecordFormatError) -> String {
        try read(key, "a string") { () throws(JSONFieldError) in try object[key].string() }
    }

    func optionalBool(_ key: String) -> Bool? { try? object[key].bool() }

    func number(_ key: String) throws(RecordFormatError) -> Double {
        try read(key, "a number within ±1e12") { () throws(JSONFieldError) in
            try object[key].number(in: -Self.largestNumber...Self.largestNumber)
        }
    }

    func optionalNumber(_ key: String) -> Double? {
        try? object[key].number(in: -Self.largestNumber...Self.largestNumber)
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
        (try? object[key].object()).map { JSONFields($0, parentPlace: place) }
    }

    func objects(_ key: String) throws(RecordFormatError) -> [JSONFields] {
        let items = try read(key, "an array") { () throws(JSONFieldError) in try object[key].array() }
        let parentPlaceOfChildren = place
        var fields: [JSONFields] = []
        fields.reserveCapacity(items.count)
        for item in items {
            guard (try? item.object()) != nil else { throw missing(item.key, "an object") }
            fields.append(JSONFields(item, parentPlace: parentPlaceOfChildren))
        }
        return fields
    }

    func word<Word: RawRepresentable>(_ key: String, as: Word.Type) throws(RecordFormatError) -> Word
    where Word.RawValue == String {
        let text = try string(key)
        guard let word = Word(rawValue: text) else { throw missing(key, "a known word, not \"\(text)\"") }
        return word
    }

    /// The field's read, a miss complained about as expecting `what`.
    private func read<Value>(
        _ key: String, _ what: String, _ body: () throws(JSONFieldError) -> Value
    ) throws(RecordFormatError) -> Value {
        do {
            return try body()
        } catch {
            throw missing(key, what)
        }
    }

    private func missing(_ key: String, _ expected: String) -> RecordFormatError {
        RecordFormatError(place: "\(place) \"\(key)\"", expected: expected)
    }
}
