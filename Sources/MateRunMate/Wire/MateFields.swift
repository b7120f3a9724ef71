import MateRunJSON

/// Reads typed fields of one message's JSON object through `JSONField`, with errors that name the
/// message and field as the wire's close reasons do.
struct MateFields {
    let type: String
    private let object: JSONField

    init(type: String, members: JSONObject) {
        self.type = type
        object = JSONField(.object(members))
    }

    func string(_ field: String, maxLength: Int) throws(MateWireError) -> String {
        try read(field) { () throws(JSONFieldError) in
            try object[field].string(maxCharacters: maxLength, maxBytes: maxLength * MateWireLimits.bytesPerCharacter)
        }
    }

    func optionalString(_ field: String, maxLength: Int) throws(MateWireError) -> String? {
        object[field].isMissing ? nil : try string(field, maxLength: maxLength)
    }

    func bool(_ field: String) throws(MateWireError) -> Bool {
        try read(field) { () throws(JSONFieldError) in try object[field].bool() }
    }

    /// An integer in `range`; `3.0` or `"3"` is a wrong type, not 3.
    func integer(_ field: String, in range: ClosedRange<Int>) throws(MateWireError) -> Int {
        try read(field) { () throws(JSONFieldError) in try object[field].integer(in: range) }
    }

    func optionalInteger(_ field: String, in range: ClosedRange<Int>) throws(MateWireError) -> Int? {
        object[field].isMissing ? nil : try integer(field, in: range)
    }

    /// A finite number in `range`.
    func number(_ field: String, in range: ClosedRange<Double>) throws(MateWireError) -> Double {
        try read(field) { () throws(JSONFieldError) in try object[field].number(in: range) }
    }

    func optionalNumber(_ field: String, in range: ClosedRange<Double>) throws(MateWireError) -> Double? {
        object[field].isMissing ? nil : try number(field, in: range)
    }

    /// The field's read, its miss as the wire names it.
    private func read<Value>(_ field: String, _ body: () throws(JSONFieldError) -> Value) throws(MateWireError) -> Value {
        do {
            return try body()
        } catch {
            switch error.problem {
            case .missing: throw .missingField(type: type, field: field)
            case .wrongType: throw .wrongFieldType(type: type, field: field, expected: error.expected)
            case .outOfRange: throw .invalidValue(type: type, field: field, detail: error.expected)
            }
        }
    }
}
