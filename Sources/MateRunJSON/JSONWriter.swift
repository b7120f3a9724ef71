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
        fields(room: Self.room(key, valueBytes: value.utf8CodeUnitCount + 2)) { $0.field(key, constant: value) }
    }

    package mutating func field(_ key: StaticString, _ value: Int) {
        fields(room: Self.room(key, valueBytes: JSONFieldSpan.integerBytes)) { $0.field(key, value) }
    }

    package mutating func field(_ key: StaticString, _ value: Bool) {
        fields(room: Self.room(key, valueBytes: 5)) { $0.field(key, literal: value ? "true" : "false") }
    }

    /// Writes a finite number in the shortest form that reads back exactly; a non-finite one,
    /// which JSON cannot carry, as `null` so that the receiver rejects the frame loudly.
    package mutating func field(_ key: StaticString, _ value: Double) {
        fields(room: Self.room(key, valueBytes: JSONFieldSpan.doubleBytes)) { $0.field(key, value) }
    }

    /// Writes `value` with `decimals` digits after the point (`JSONNumberText.fixed`), as
    /// `JSON.number(_:decimals:)` does; a non-finite one as `null`.
    package mutating func field(_ key: StaticString, _ value: Double, decimals: Int) {
        fields(room: Self.room(key, valueBytes: JSONNumberText.fixedBytes)) { $0.field(key, value, decimals: decimals) }
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
        fields(room: Self.room(key, valueBytes: 4)) { $0.field(key, literal: "null") }
    }

    /// Writes fields with `write` into room made once at the end of the bytes, `room` bytes (a
    /// field past it traps): a line of many fields, written often (a journal line for every fix
    /// of a replay), checks the array's room and uniqueness once rather than at every field.
    package mutating func fields(room: Int, _ write: (inout JSONFieldSpan) -> Void) {
        var hasFields = hasFields
        bytes.append(addingCapacity: room) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                var fields = JSONFieldSpan(buffer: buffer, count: initialized, hasFields: hasFields)
                write(&fields)
                initialized = fields.count
                hasFields = fields.hasFields
            }
        }
        self.hasFields = hasFields
    }

    /// The room a field takes at most: a comma, the quoted key, a colon, and the value.
    package static func room(_ key: StaticString, valueBytes: Int) -> Int {
        key.utf8CodeUnitCount + 4 + valueBytes
    }

    private mutating func writeKey(_ key: StaticString) {
        fields(room: Self.room(key, valueBytes: 0)) { $0.writeKey(key, valueBytes: 0) }
    }

    private mutating func appendString(_ value: String) {
        JSONText.appendString(value, to: &bytes)
    }
}
