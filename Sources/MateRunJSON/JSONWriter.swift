/// Builds one JSON object into bytes, field by field, in the order written: for what is written
/// often (mate frames, journal lines, NATS payloads, `--json` events), where a `JSON` tree per
/// message would cost more than the message.
///
/// Hand-built rather than `JSONEncoder` so that the first key comes first (a frame's `"type"`),
/// keys stay exactly as written, and a frame costs microseconds.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var hasFields = false

    package init() {
        bytes.reserveCapacity(160)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Starts an object at the end of `line`, whose bytes the writer takes over until
    /// `endLine(into:)` hands them back: many lines into one buffer without a copy each. Such a
    /// writer is only ended with `endLine(into:)`: its `bytes`, `closed()` and `frame()` would
    /// hold the buffer's earlier lines too.
    package init(appendingTo line: inout [UInt8]) {
        swap(&bytes, &line)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Closes the object, adds the newline, and hands the bytes back to `line`.
    package mutating func endLine(into line: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
        swap(&bytes, &line)
    }

    /// The object closed and followed by the frame's newline.
    package func frame() -> [UInt8] {
        var frame = closed()
        frame.append(UInt8(ascii: "\n"))
        return frame
    }

    /// The object closed, without a newline: a message's whole payload (NATS) rather than a line.
    package func closed() -> [UInt8] {
        var object = bytes
        object.append(UInt8(ascii: "}"))
        return object
    }

    package mutating func field(_ key: StaticString, _ value: String) {
        writeKey(key)
        appendString(value)
    }

    package mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key)
        appendInteger(value)
    }

    package mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes a finite number in the shortest form that reads back exactly; a non-finite one,
    /// which JSON cannot carry, as `null` so that the receiver rejects the frame loudly.
    package mutating func field(_ key: StaticString, _ value: Double) {
        writeKey(key)
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        // As `JSONNumberText.shortest` spells it; a whole number's digits go straight into the
        // bytes (a journal line holds several: the time, the heart rate, the cadence).
        if let whole = JSONNumberText.wholeNumber(value) {
            appendInteger(whole)
        } else {
            var sink = ASCIISink()
            swap(&sink.bytes, &bytes)
            value.write(to: &sink)
            swap(&sink.bytes, &bytes)
        }
    }

    /// Writes `value` with `decimals` digits after the point (`JSONNumberText.fixed`), as
    /// `JSON.number(_:decimals:)` does; a non-finite one as `null`.
    package mutating func field(_ key: StaticString, _ value: Double, decimals: Int) {
        writeKey(key)
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        bytes.append(contentsOf: JSONNumberText.fixed(value, decimals: decimals).utf8)
    }

    /// Writes a member of a `JSON` tree (fields a feature adds to a line built field by field).
    package mutating func field(_ member: JSONMember) {
        if hasFields {
            bytes.append(UInt8(ascii: ","))
        }
        hasFields = true
        var text = ""
        JSONText.writeString(member.key, to: &text)
        text += ":"
        JSONText.write(member.value, to: &text)
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes an object as the field's value, its own fields written by `build`.
    package mutating func field(_ key: StaticString, object build: (inout JSONWriter) -> Void) {
        writeKey(key)
        var nested = JSONWriter()
        build(&nested)
        bytes.append(contentsOf: nested.closed())
    }

    package mutating func nullField(_ key: StaticString) {
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

    /// `value`'s decimal digits, with a minus sign when negative, without a `String` between.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: digits[start...])
        }
    }

    private mutating func appendString(_ value: String) {
        JSONText.appendString(value, to: &bytes)
    }
}

/// Takes a number's text as the standard library spells it (`Double.write(to:)`, the same digits
/// as `description`) straight into bytes: through `_writeASCII` the digits arrive as a buffer,
/// where `description` makes a `String` first, on the heap past 15 characters (a journal line's
/// distances and calories have 17). Without that requirement the text still arrives, by `write`.
private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
