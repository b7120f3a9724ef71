/// A strict RFC 8259 parser from UTF-8 bytes to `JSON`, bounded in nesting depth.
///
/// Strict where a lenient parser would guess: a key twice in one object, a lone surrogate,
/// invalid UTF-8, a control character inside a string and trailing bytes are errors, each with
/// its line and column.
package struct JSONParser {
    /// Deeper nesting than this is refused, so that `[[[[...` cannot exhaust the stack.
    package static let maxDepth = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses exactly one JSON value, surrounded by optional whitespace.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSON {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSON, JSONSyntaxError> in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONSyntaxError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func document() throws(JSONSyntaxError) -> JSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw failure(.syntax("expected the end of the document after the value")) }
        return value
    }

    private func failure(_ problem: JSONSyntaxError.Problem, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1, lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return JSONSyntaxError(problem, line: line, column: offset - lineStart + 1, offset: offset)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, JSONWhitespace.contains(byte) {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard current == byte else { throw failure(.syntax("expected \(what), found \(found)")) }
        index += 1
    }

    /// The byte at hand as an error shows it.
    private var found: String {
        guard let byte = current else { return "the end of the document" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth < Self.maxDepth else { throw failure(.tooDeep(limit: Self.maxDepth)) }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"): return .number(try number())
        case let byte? where Self.isDigit(byte): return .number(try number())
        default: throw failure(.syntax("expected a value, found \(found)"))
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { expected in
            expected.elementsEqual(bytes[index..<index + count])
        }
        guard matches else { throw failure(.syntax("expected a value, found \(found)")) }
        index += count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
        index += 1
        var object = JSONObject()
        // Small objects (nearly all) find a repeated key by a look along their members, cheaper
        // than hashing every key; a large one switches to a set.
        var seen: Set<String>?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure(.syntax("expected a key in quotes, found \(found)")) }
            let keyOffset = index
            let key = try string()
            guard Self.isNew(key, in: object, seen: &seen) else { throw failure(.duplicateKey(key), at: keyOffset) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            object.append(key, try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' in the object")
            return .object(object)
        }
    }

    /// Whether `key` is not yet a key of `object`; past `linearKeyLimit` members the keys are
    /// kept in `seen`.
    private static func isNew(_ key: String, in object: JSONObject, seen: inout Set<String>?) -> Bool {
        if seen == nil, object.members.count < linearKeyLimit {
            return !object.members.contains { $0.key == key }
        }
        if seen == nil { seen = Set(object.keys) }
        return seen?.insert(key).inserted ?? true
    }

    /// Members up to which a repeated key is looked for along the object.
    private static let linearKeyLimit = 32

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
        index += 1
        var elements: [JSON] = []
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
            try expect(UInt8(ascii: "]"), "',' or ']' in the array")
            return .array(elements)
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw failure(.syntax("expected a digit, found \(found)")) }
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits() > 0 else { throw failure(.syntax("expected a digit after '.', found \(found)")) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure(.syntax("expected a digit in the exponent, found \(found)")) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(literal: text, isIntegerLiteral: isInteger)
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, Self.isDigit(byte) {
            index += 1
        }
        return index - start
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        let start = index
        // The common case: no escape, so the bytes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            index += 1
        }
        if current == UInt8(ascii: "\"") {
            index += 1
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self) else {
                throw failure(.invalidUTF8, at: open)
            }
            return text
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw failure(.syntax("expected '\"' to end the string, found the end of the document")) }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw failure(.invalidUTF8, at: open) }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0x00..<0x20:
                throw failure(.syntax("expected no control character inside a string (write it as \\u00XX)"), at: index - 1)
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw failure(.syntax("expected an escape after '\\', found the end of the document")) }
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
        guard byte == UInt8(ascii: "u") else { throw failure(.syntax("expected an escape like \\n or \\u00e9"), at: index - 2) }
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure(.syntax("expected the low half of a surrogate pair after \\u\(String(scalar, radix: 16))"))
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                throw failure(.syntax("expected the low half of a surrogate pair, found \\u\(String(low, radix: 16))"))
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw failure(.syntax("expected a character, found a lone surrogate \\u\(String(scalar, radix: 16))"))
        }
        UTF8.encode(unicode) { utf8.append($0) }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw failure(.syntax("expected four hex digits after \\u, found \(found)"))
            }
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
package enum JSONWhitespace {
    package static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
