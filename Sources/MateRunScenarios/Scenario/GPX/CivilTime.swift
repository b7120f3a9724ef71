import MateRunDomain

/// ISO-8601 timestamps read straight from bytes, for GPX tracks with hundreds of thousands of
/// points where a date formatter per point would dominate the load time.
enum CivilTime {
    /// A UTC instant split into whole epoch seconds and a fraction, so that differences between
    /// nearby instants keep full sub-millisecond precision.
    struct Instant: Equatable {
        var epochSeconds: Int64
        var fraction: Double

        func seconds(since origin: Instant) -> Double {
            Double(epochSeconds - origin.epochSeconds) + (fraction - origin.fraction)
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the Domain's `CivilDate` does the
    /// arithmetic; the fields here are 4 and 2 digits, far inside `Int`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        Int64(CivilDate(year: Int(year), month: Int(month), day: Int(day)).daysSinceEpoch)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM|±HHMM]` in `bytes[start..<end]` (no zone means
    /// UTC); nil when the text has another shape or a field is out of range.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Instant? {
        var reader = DigitReader(bytes: bytes, index: start, end: end)
        guard let year = reader.digits(4), reader.skip(UInt8(ascii: "-")),
              let month = reader.digits(2), reader.skip(UInt8(ascii: "-")),
              let day = reader.digits(2), reader.skipAny([UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]),
              let hour = reader.digits(2), reader.skip(UInt8(ascii: ":")),
              let minute = reader.digits(2), reader.skip(UInt8(ascii: ":")),
              let second = reader.digits(2),
              (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(UInt8(ascii: ".")) {
            var scale = 0.1
            var any = false
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale *= 0.1
                any = true
            }
            guard any else { return nil }
        }
        var offset: Int64 = 0
        if reader.skipAny([UInt8(ascii: "Z"), UInt8(ascii: "z")]) {
            offset = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.digits(2) else { return nil }
            _ = reader.skip(UInt8(ascii: ":"))
            guard let minutes = reader.digits(2), hours <= 18, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Instant(epochSeconds: days * 86_400 + hour * 3600 + minute * 60 + second - offset, fraction: fraction)
    }
}

/// Reads fixed-width ASCII fields from a byte range.
private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    var atEnd: Bool { index == end }

    mutating func digit() -> Int64? {
        guard index < end, bytes[index] &- UInt8(ascii: "0") < 10 else { return nil }
        defer { index += 1 }
        return Int64(bytes[index] &- UInt8(ascii: "0"))
    }

    mutating func digits(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipAny(_ choices: [UInt8]) -> Bool {
        guard index < end, choices.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int64? {
        if skip(UInt8(ascii: "+")) { return 1 }
        if skip(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
