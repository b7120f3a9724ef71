/// How the data messages of one local message type are laid out, as the file's last definition
/// message for that type said: which global message they are, their byte order, and where each
/// field sits. Exists because a FIT file describes its own layout: a reader that assumed the
/// profile's layout would misread every device that writes fewer, more or wider fields.
struct FITDefinition {
    /// One field of the data messages.
    struct Field {
        /// The field number in the global message's profile (253 is the timestamp everywhere).
        var number: UInt8
        /// From the start of the data message's content (after its header byte).
        var offset: Int
        var size: Int
        /// The FIT base type byte: bits 0-4 the type, bit 7 whether it has a byte order.
        var baseType: UInt8
    }

    /// The profile's message number: 20 `record`, 21 `event`, 19 `lap`, 18 `session`, …
    var globalNumber: UInt16
    var bigEndian: Bool
    var fields: [Field]
    /// Bytes of a data message after its header: its fields and the developer fields, which are
    /// skipped.
    var contentSize: Int

    /// The field's raw value in the data message whose content starts at `start`, before scale
    /// and offset; nil when the message has no such field, or it holds its type's invalid value.
    func value(_ number: UInt8, in bytes: [UInt8], at start: Int) -> Double? {
        guard let field = fields.first(where: { $0.number == number }) else { return nil }
        return FITBaseType(field.baseType)?.value(in: bytes, at: start + field.offset, size: field.size, bigEndian: bigEndian)
    }
}

/// A FIT base type: the width of a value and which bit pattern means "no value".
///
/// Every field of every message may be written as invalid (all ones for unsigned types, the
/// largest value for signed ones, zero for the `z` types): a watch writes a `record` without a
/// position before the GPS has a fix, and those must not be read as numbers.
struct FITBaseType {
    private enum Kind { case unsigned, signed, unsignedZ, float }
    private let kind: Kind
    private let width: Int

    /// nil for strings and unknown types, which are skipped.
    init?(_ byte: UInt8) {
        switch byte & 0x1F {
        case 0, 2, 13: (kind, width) = (.unsigned, 1)   // enum, uint8, byte
        case 1: (kind, width) = (.signed, 1)
        case 3: (kind, width) = (.signed, 2)
        case 4: (kind, width) = (.unsigned, 2)
        case 5: (kind, width) = (.signed, 4)
        case 6: (kind, width) = (.unsigned, 4)
        case 8: (kind, width) = (.float, 4)
        case 9: (kind, width) = (.float, 8)
        case 10: (kind, width) = (.unsignedZ, 1)
        case 11: (kind, width) = (.unsignedZ, 2)
        case 12: (kind, width) = (.unsignedZ, 4)
        case 14: (kind, width) = (.signed, 8)
        case 15: (kind, width) = (.unsigned, 8)
        case 16: (kind, width) = (.unsignedZ, 8)
        default: return nil
        }
    }

    /// The first element of the field at `offset` (an array field's first), nil when the field is
    /// narrower than its type or holds the invalid value.
    func value(in bytes: [UInt8], at offset: Int, size: Int, bigEndian: Bool) -> Double? {
        guard size >= width, offset >= 0, offset + width <= bytes.count else { return nil }
        var raw: UInt64 = 0
        for index in 0..<width {
            let byte = UInt64(bytes[offset + (bigEndian ? index : width - 1 - index)])
            raw = raw << 8 | byte
        }
        let bits = UInt64(width * 8)
        let allOnes: UInt64 = bits == 64 ? .max : (1 << bits) - 1
        switch kind {
        case .unsigned:
            return raw == allOnes ? nil : Double(raw)
        case .unsignedZ:
            return raw == 0 ? nil : Double(raw)
        case .signed:
            guard raw != allOnes >> 1 else { return nil }
            let shift = 64 - bits
            return Double(Int64(bitPattern: raw << shift) >> Int64(shift))
        case .float:
            guard raw != allOnes else { return nil }
            let value = width == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return value.isFinite ? value : nil
        }
    }
}
