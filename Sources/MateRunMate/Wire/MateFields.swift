import MateRunJSON

/// Reads typed fields of one message's JSON object, with errors that name the message and field.
struct MateFields {
    let type: String
    let members: JSONObject

    /// Present and not null.
    private func value(_ field: String) -> JSON? {
        guard let value = members[field], value != .null else { return nil }
        return value
    }

    private func required(_ field: String) throws(MateWireError) -> JSON {
        guard let value = value(field) else { throw .missingField(type: type, field: field) }
        return value
    }

    func string(_ field: String, maxLength: Int) throws(MateWireError) -> String {
        guard let value = try optionalString(field, maxLength: maxLength) else {
            throw .missingField(type: type, field: field)
        }
        return value
    }

    func optionalString(_ field: String, maxLength: Int) throws(MateWireError) -> String? {
        guard let value = value(field) else { return nil }
        guard case .string(let text) = value else {
            throw .wrongFieldType(type: type, field: field, expected: "a string")
        }
        guard text.utf8.count <= maxLength * MateWireLimits.bytesPerCharacter else {
            throw .invalidValue(
                type: type, field: field, detail: "is longer than \(maxLength * MateWireLimits.bytesPerCharacter) bytes")
        }
        guard text.count <= maxLength else {
            throw .invalidValue(type: type, field: field, detail: "is longer than \(maxLength) characters")
        }
        return text
    }

    func bool(_ field: String) throws(MateWireError) -> Bool {
        guard case .bool(let flag) = try required(field) else {
            throw .wrongFieldType(type: type, field: field, expected: "a boolean")
        }
        return flag
    }

    /// An integer in `range`; `3.0` or `"3"` is a wrong type, not 3.
    func integer(_ field: String, in range: ClosedRange<Int>) throws(MateWireError) -> Int {
        guard let value = try optionalInteger(field, in: range) else {
            throw .missingField(type: type, field: field)
        }
        return value
    }

    func optionalInteger(_ field: String, in range: ClosedRange<Int>) throws(MateWireError) -> Int? {
        guard let value = value(field) else { return nil }
        guard case .number(let number) = value, number.isIntegerLiteral else {
            throw .wrongFieldType(type: type, field: field, expected: "an integer")
        }
        guard let integer = number.integer, range.contains(integer) else {
            throw .invalidValue(type: type, field: field, detail: "must be in \(range.lowerBound)...\(range.upperBound)")
        }
        return integer
    }

    /// A finite number in `range`.
    func number(_ field: String, in range: ClosedRange<Double>) throws(MateWireError) -> Double {
        guard let value = try optionalNumber(field, in: range) else {
            throw .missingField(type: type, field: field)
        }
        return value
    }

    func optionalNumber(_ field: String, in range: ClosedRange<Double>) throws(MateWireError) -> Double? {
        guard let value = value(field) else { return nil }
        guard case .number(let number) = value else {
            throw .wrongFieldType(type: type, field: field, expected: "a number")
        }
        guard let double = number.double, range.contains(double) else {
            throw .invalidValue(type: type, field: field, detail: "must be a finite number in \(range.lowerBound)...\(range.upperBound)")
        }
        return double
    }
}
