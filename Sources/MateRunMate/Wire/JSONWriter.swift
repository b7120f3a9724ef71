/// Builds one JSON object into bytes, field by field, in the order written.
///
/// Hand-built rather than `JSONEncoder` so that `"type"` comes first, keys stay exactly as
/// PROTOCOL.md spells them, and a progress frame costs microseconds.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var hasFields = false

    init() {
        bytes.reserveCapacity(160)
        bytes.append(UInt8(ascii: "{"))
    }

    /// The object closed and followed by the frame's newline.
    func frame() -> [UInt8] {
        var frame = bytes
        frame.append(UInt8(ascii: "}"))
        frame.append(UInt8(ascii: "\n"))
        return frame
    }

    mutating func field(_ key: StaticString, _ value: String) {
        writeKey(key)
        appendString(value)
    }

    mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes a finite number in the shortest form that reads back exactly; a non-finite one,
    /// which JSON cannot carry, as `null` so that the receiver rejects the frame loudly.
    mutating func field(_ key: StaticString, _ value: Double) {
        writeKey(key)
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int(value)).utf8)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    mutating func nullField(_ key: StaticString) {
        writeKey(key)
        bytes.append(contentsOf: "null".utf8)
    }

    private mutating func writeKey(_ key: StaticString) {
        if hasFields {
            bytes.append(UInt8(ascii: ","))
        }
        hasFields = true
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
