/// One field of a FIT message as the writer lays it out: its number in the profile, its base
/// type, and its raw value (after scale and offset), or nil to write the type's invalid value.
///
/// Exists so that a run without heart rate or altitude still writes the same record layout (one
/// definition message for the whole file) with those fields marked absent, as watches do, rather
/// than a made-up zero.
struct FITField: Equatable {
    /// The FIT base types the export uses.
    enum BaseType: UInt8 {
        case enumeration = 0x00
        case uint8 = 0x02
        case uint16 = 0x84
        case sint32 = 0x85
        case uint32 = 0x86
        case uint32z = 0x8C

        var size: Int {
            switch self {
            case .enumeration, .uint8: 1
            case .uint16: 2
            case .sint32, .uint32, .uint32z: 4
            }
        }

        /// The range a valid value takes: the type's invalid value (all ones, the largest signed
        /// value, zero for `z`) is outside it.
        var validRange: ClosedRange<Int64> {
            switch self {
            case .enumeration, .uint8: 0...0xFE
            case .uint16: 0...0xFFFE
            case .sint32: -0x7FFF_FFFF...0x7FFF_FFFE
            case .uint32: 0...0xFFFF_FFFE
            case .uint32z: 1...0xFFFF_FFFF
            }
        }

        var invalid: Int64 {
            switch self {
            case .enumeration, .uint8: 0xFF
            case .uint16: 0xFFFF
            case .sint32: 0x7FFF_FFFF
            case .uint32: 0xFFFF_FFFF
            case .uint32z: 0
            }
        }
    }

    var number: UInt8
    var type: BaseType
    var value: Int64?

    init(_ number: UInt8, _ type: BaseType, _ value: Int64?) {
        self.number = number
        self.type = type
        self.value = value
    }

    /// A scaled quantity (`value * scale + offset` as the profile defines it), rounded; invalid
    /// when absent, not finite or out of the type's range, never wrapped into another number.
    init(_ number: UInt8, _ type: BaseType, _ quantity: Double?, scale: Double, offset: Double = 0) {
        let raw = quantity.map { (($0 + offset) * scale).rounded() }
        let value = raw.flatMap { $0.isFinite && abs($0) < 1e18 ? Int64($0) : nil }
        self.init(number, type, value.flatMap { type.validRange.contains($0) ? $0 : nil })
    }

    /// The little-endian bytes of the value, or of the invalid value.
    var bytes: [UInt8] {
        let raw = UInt64(bitPattern: value ?? type.invalid)
        return (0..<type.size).map { UInt8(truncatingIfNeeded: raw >> (8 * UInt64($0))) }
    }
}
