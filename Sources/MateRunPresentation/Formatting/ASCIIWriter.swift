/// Writes ASCII bytes straight into a new string's storage.
///
/// The formatters run for every sample the use case publishes, so they build their few bytes by
/// hand instead of going through `String(format:)` or interpolation. Strings of up to 15 bytes
/// (all the formatted numbers) are stored inline by Swift, so most results do not allocate.
struct ASCIIWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    fileprivate init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { append(byte) }
        }
    }

    /// Appends a non-negative integer in decimal, left-padded with zeros to `minimumDigits`.
    mutating func append(_ value: Int, minimumDigits: Int = 1) {
        let digits = max(minimumDigits, ASCIIWriter.digitCount(value))
        var remaining = value
        var index = count + digits - 1
        while index >= count {
            buffer[index] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
            remaining /= 10
            index -= 1
        }
        count += digits
    }

    /// How many decimal digits a non-negative integer has (1 for zero).
    static func digitCount(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}

extension String {
    /// Builds a string of at most `capacity` ASCII bytes with an `ASCIIWriter`.
    init(asciiCapacity capacity: Int, _ write: (inout ASCIIWriter) -> Void) {
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = ASCIIWriter(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }
}
