/// A small JSON parser for the store's own files: fast enough to read ten thousand `run.json`
/// files in a blink, and exact (numbers go through `Double(_:)`, which rounds correctly).
///
/// Values come out as `JSONFields` reads them: `Double`, `Bool`, `String`, `[Any]`,
/// `[String: Any]`, or `JSONNull`. Nesting is bounded, so a hostile file cannot exhaust the stack.
struct JSONReader {
    struct Failure: Error {}

    /// What JSON `null` reads as.
    struct JSONNull {}

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 32

    static func parse(_ bytes: [UInt8]) throws(Failure) -> Any {
        var reader = JSONReader(bytes: bytes)
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == bytes.count else { throw Failure() }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value() throws(Failure) -> Any {
        skipSpace()
        guard index < bytes.count else { throw Failure() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        case UInt8(ascii: "n"): try literal("null"); return JSONNull()
        default: return try number()
        }
    }

    private mutating func object() throws(Failure) -> [String: Any] {
        try enter()
        defer { depth -= 1 }
        var result: [String: Any] = [:]
        skipSpace()
        if peek(UInt8(ascii: "}")) { return result }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure() }
            let key = try string()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            result[key] = try value()
            skipSpace()
            if peek(UInt8(ascii: "}")) { break }
            try expect(UInt8(ascii: ","))
        }
        return result
    }

    private mutating func array() throws(Failure) -> [Any] {
        try enter()
        defer { depth -= 1 }
        var result: [Any] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) { return result }
        while true {
            result.append(try value())
            skipSpace()
            if peek(UInt8(ascii: "]")) { break }
            try expect(UInt8(ascii: ","))
        }
        return result
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        index += 1
        guard depth <= Self.maximumDepth else { throw Failure() }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < bytes.count else { throw Failure() }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty { scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars) }
            pending.removeAll()
        }
        while true {
            guard index < bytes.count else { throw Failure() }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                scalars.append(try escape())
            case 0..<0x20: throw Failure()
            default: pending.append(byte)
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard index < bytes.count else { throw Failure() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first) {
                guard peek(UInt8(ascii: "\\")), peek(UInt8(ascii: "u")) else { throw Failure() }
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw Failure() }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw Failure() }
            return scalar
        default: throw Failure()
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { throw Failure() }
        index += 4
        return value
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite
        else { throw Failure() }
        return value
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw Failure() }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard index < bytes.count, bytes[index] == byte else { throw Failure() }
        index += 1
    }

    /// Consumes `byte` if it is next.
    private mutating func peek(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }
}
