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

    /// Writes a string known when the program is built (a line's `"type"`), which needs no
    /// escape: key and value in one append, without a `String` between.
    package mutating func field(_ key: StaticString, constant value: StaticString) {
        appendField(key, valueBytes: value.utf8CodeUnitCount + 2) { buffer, start in
            buffer[start] = UInt8(ascii: "\"")
            value.withUTF8Buffer { text in
                for index in text.indices { buffer[start + 1 + index] = text[index] }
            }
            buffer[start + 1 + value.utf8CodeUnitCount] = UInt8(ascii: "\"")
            return start + 2 + value.utf8CodeUnitCount
        }
    }

    package mutating func field(_ key: StaticString, _ value: Int) {
        appendField(key, valueBytes: 20) { scratch, start in JSONWriter.writeInteger(value, into: scratch, at: start) }
    }

    package mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes a finite number in the shortest form that reads back exactly; a non-finite one,
    /// which JSON cannot carry, as `null` so that the receiver rejects the frame loudly.
    package mutating func field(_ key: StaticString, _ value: Double) {
        guard value.isFinite else {
            writeKey(key)
            bytes.append(contentsOf: "null".utf8)
            return
        }
        // As `JSONNumberText.shortest` spells it; a whole number's digits are written directly
        // (a journal line holds several: the time, the heart rate, the cadence).
        if let whole = JSONNumberText.wholeNumber(value) {
            field(key, whole)
            return
        }
        appendField(key, valueBytes: ScratchSink.doubleBytes) { scratch, start in
            if let end = ShortestDecimal.write(value, into: scratch, at: start) { return end }
            var sink = ScratchSink(scratch: scratch, count: start)
            value.write(to: &sink)
            return sink.count
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
        appendField(key, valueBytes: 0) { _, start in start }
    }

    /// Appends `,"key":` (no comma before the first field) and the value `writeValue` puts after
    /// it (at most `valueBytes`; it returns where the value ends), written straight into the
    /// array's spare capacity: byte by byte, a line of a dozen numbers made some sixty appends,
    /// each checking the array's capacity and uniqueness, and through a scratch each field was
    /// copied once more (a journal line is written for every fix of a replay).
    private mutating func appendField(
        _ key: StaticString, valueBytes: Int, _ writeValue: (UnsafeMutableBufferPointer<UInt8>, Int) -> Int
    ) {
        let comma = hasFields
        hasFields = true
        let keyBytes = key.utf8CodeUnitCount
        bytes.append(addingCapacity: keyBytes + 4 + valueBytes) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                var count = initialized
                if comma {
                    buffer[count] = UInt8(ascii: ",")
                    count += 1
                }
                buffer[count] = UInt8(ascii: "\"")
                // Byte by byte: a key is a few bytes, shorter than a call to memcpy.
                key.withUTF8Buffer { name in
                    for index in name.indices { buffer[count + 1 + index] = name[index] }
                }
                count += 1 + keyBytes
                buffer[count] = UInt8(ascii: "\"")
                buffer[count + 1] = UInt8(ascii: ":")
                initialized = writeValue(buffer, count + 2)
            }
        }
    }

    /// Writes `value`'s decimal digits, with a minus sign when negative, at `start` (20 bytes at
    /// most); returns where they end.
    private static func writeInteger(_ value: Int, into scratch: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        guard value < 0 else { return DecimalDigits.write(UInt64(value.magnitude), into: scratch, at: start) }
        scratch[start] = UInt8(ascii: "-")
        return DecimalDigits.write(UInt64(value.magnitude), into: scratch, at: start + 1)
    }

    private mutating func appendString(_ value: String) {
        JSONText.appendString(value, to: &bytes)
    }
}

/// Takes a number's text as the standard library spells it (`Double.write(to:)`, the same digits
/// as `description`) straight into a field's scratch: through `_writeASCII` the digits arrive as a
/// buffer, where `description` makes a `String` first, on the heap past 15 characters. It spells
/// what `ShortestDecimal` does not take: magnitudes below 0.01 and from 10^9. Without that
/// requirement the text still arrives, by `write`.
private struct ScratchSink: TextOutputStream {
    /// Room for any finite double's shortest text (`-2.2250738585072014e-308` is 24 bytes).
    static let doubleBytes = 32

    let scratch: UnsafeMutableBufferPointer<UInt8>
    var count: Int

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    /// Copies `buffer` after what is written (trapping, never overrunning, were it too long).
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        count = UnsafeMutableBufferPointer(rebasing: scratch[count...]).initialize(fromContentsOf: buffer) + count
    }
}
