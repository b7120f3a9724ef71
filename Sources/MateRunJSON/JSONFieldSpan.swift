/// Room a `JSONWriter` has made at the end of its bytes, and the fields written into it: where a
/// field's key, quotes, colon and value are put together, byte by byte, without a check of the
/// array's room or uniqueness for each.
///
/// A journal line is written for every fix of a replay: with room made once for its dozen
/// fields rather than each appended on its own, the journal's thread did 9% less work. A field
/// that would not fit in the room traps (`precondition`) rather than write past it.
package struct JSONFieldSpan: ~Copyable {
    /// Room for any finite double's text (`-2.2250738585072014e-308` is 24 bytes).
    package static let doubleBytes = 32
    /// Room for any `Int`'s digits and sign.
    package static let integerBytes = 20

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count: Int
    private(set) var hasFields: Bool

    init(buffer: UnsafeMutableBufferPointer<UInt8>, count: Int, hasFields: Bool) {
        self.buffer = buffer
        self.count = count
        self.hasFields = hasFields
    }

    /// A finite number in the shortest form that reads back exactly (a whole one as its digits:
    /// a journal line holds several, the time, the heart rate, the cadence); a non-finite one,
    /// which JSON cannot carry, as `null` so that the receiver rejects it loudly.
    package mutating func field(_ key: StaticString, _ value: Double) {
        guard value.isFinite else {
            field(key, literal: "null")
            return
        }
        if let whole = JSONNumberText.wholeNumber(value) {
            field(key, whole)
            return
        }
        writeKey(key, valueBytes: Self.doubleBytes)
        if let end = ShortestDecimal.write(value, into: buffer, at: count) {
            count = end
        } else {
            var sink = RoomSink(room: buffer, count: count)
            value.write(to: &sink)
            count = sink.count
        }
    }

    /// `value` with `decimals` digits after the point (`JSONNumberText.fixed`), or `null`.
    package mutating func field(_ key: StaticString, _ value: Double, decimals: Int) {
        guard value.isFinite else {
            field(key, literal: "null")
            return
        }
        writeKey(key, valueBytes: JSONNumberText.fixedBytes)
        count = JSONNumberText.writeFixed(value, decimals: decimals, into: buffer, at: count)
    }

    package mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key, valueBytes: Self.integerBytes)
        if value < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        count = DecimalDigits.write(UInt64(value.magnitude), into: buffer, at: count)
    }

    /// A string known when the program is built (a line's `"type"`), which needs no escape.
    package mutating func field(_ key: StaticString, constant value: StaticString) {
        writeKey(key, valueBytes: value.utf8CodeUnitCount + 2)
        buffer[count] = UInt8(ascii: "\"")
        copy(value, to: count + 1)
        count += 1 + value.utf8CodeUnitCount
        buffer[count] = UInt8(ascii: "\"")
        count += 1
    }

    /// A value whose text is known when the program is built: `null`, `true`, `false`.
    mutating func field(_ key: StaticString, literal value: StaticString) {
        writeKey(key, valueBytes: value.utf8CodeUnitCount)
        copy(value, to: count)
        count += value.utf8CodeUnitCount
    }

    /// `,"key":` (no comma before the first field), after checking that the value's `valueBytes`
    /// at most fit after it.
    @inline(__always)
    mutating func writeKey(_ key: StaticString, valueBytes: Int) {
        let keyBytes = key.utf8CodeUnitCount
        precondition(count + keyBytes + 4 + valueBytes <= buffer.count, "a JSON field past the room made for it")
        if hasFields {
            buffer[count] = UInt8(ascii: ",")
            count += 1
        }
        hasFields = true
        buffer[count] = UInt8(ascii: "\"")
        copy(key, to: count + 1)
        count += 1 + keyBytes
        buffer[count] = UInt8(ascii: "\"")
        buffer[count + 1] = UInt8(ascii: ":")
        count += 2
    }

    /// Byte by byte: a key is a few bytes, shorter than a call to `memcpy`. A string literal is
    /// its bytes, read at `utf8Start`; a `StaticString` made of one scalar has none to read there.
    @inline(__always)
    private func copy(_ text: StaticString, to start: Int) {
        guard text.hasPointerRepresentation else {
            text.withUTF8Buffer { bytes in
                for index in bytes.indices { buffer[start + index] = bytes[index] }
            }
            return
        }
        let bytes = text.utf8Start
        for index in 0 ..< text.utf8CodeUnitCount { buffer[start + index] = bytes[index] }
    }
}

/// Takes a number's text as the standard library spells it (`Double.write(to:)`, the same digits
/// as `description`) straight into a field's room: through `_writeASCII` the digits arrive as a
/// buffer, where `description` makes a `String` first, on the heap past 15 characters. It spells
/// what `ShortestDecimal` does not take: magnitudes below 0.01 and from 10^9. Without that
/// requirement the text still arrives, by `write`.
private struct RoomSink: TextOutputStream {
    let room: UnsafeMutableBufferPointer<UInt8>
    var count: Int

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    /// Copies `buffer` after what is written (trapping, never overrunning, were it too long).
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        count = UnsafeMutableBufferPointer(rebasing: room[count...]).initialize(fromContentsOf: buffer) + count
    }
}
