/// A strict RFC 8259 parser from UTF-8 bytes to `WireJSONValue`, bounded in nesting depth.
///
/// Frames are small (at most `MateProtocol.maxFrameBytes`), so it parses the whole frame at once
/// and reports the byte offset of the first problem.
struct JSONParser {
    /// Deeper nesting than this is refused, so that `[[[[...` cannot exhaust the stack.
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses exactly one JSON value, surrounded by optional whitespace.
    static func parse(_ bytes: [UInt8]) throws(MateWireError) -> WireJSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected bytes after the value") }
        return value
    }

    private func failure(_ what: String) -> MateWireError {
        .malformedJSON(detail: "\(what) at byte \(index)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, JSONWhitespace.contains(byte) {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws(MateWireError) {
        guard current == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func value(depth: Int) throws(MateWireError) -> WireJSONValue {
        guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"): return .number(try number())
        case let byte? where Self.isDigit(byte): return .number(try number())
        case nil: throw failure("unexpected end")
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(MateWireError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end") }
        let matches = word.withUTF8Buffer { expected in
            expected.elementsEqual(bytes[index..<index + count])
        }
        guard matches else { throw failure("unknown literal") }
        index += count
    }

    private mutating func object(depth: Int) throws(MateWireError) -> WireJSONValue {
        index += 1
        var members: [String: WireJSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(MateWireError) -> WireJSONValue {
        index += 1
        var elements: [WireJSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return .array(elements)
        }
    }

    private mutating func number() throws(MateWireError) -> JSONNumber {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw failure("expected a digit") }
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard try digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return JSONNumber(text: text, isIntegerLiteral: isInteger)
    }

    private mutating func digits() throws(MateWireError) -> Int {
        let start = index
        while let byte = current, Self.isDigit(byte) {
            index += 1
        }
        return index - start
    }

    private mutating func string() throws(MateWireError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw .invalidUTF8 }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0x00..<0x20:
                throw failure("control character in a string")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(MateWireError) {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw failure("unknown escape") }
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard current == UInt8(ascii: "\\") else { throw failure("lone surrogate") }
            index += 1
            guard current == UInt8(ascii: "u") else { throw failure("lone surrogate") }
            index += 1
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure("lone surrogate") }
        UTF8.encode(unicode) { utf8.append($0) }
    }

    private mutating func hexQuad() throws(MateWireError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw failure("bad \\u escape") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

/// The four bytes JSON treats as whitespace.
enum JSONWhitespace {
    static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
