import MateRunDomain

/// The NMEA 0183 field formats a fix is made of, read strictly: a field that is not what its
/// sentence says it is reads as absent (nil), never as a number made up from part of it.
enum NMEAFields {
    /// `ddmm.mmmm` with `N`/`S`, or `dddmm.mmmm` with `E`/`W`, as signed degrees.
    static func angle(_ text: Substring, hemisphere: Substring, degreeDigits: Int) -> Double? {
        guard text.utf8.count > degreeDigits + 1, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        let split = text.index(text.startIndex, offsetBy: degreeDigits)
        guard let degrees = Double(text[..<split]), let minutes = Double(text[split...]), minutes < 60 else { return nil }
        let value = degrees + minutes / 60
        switch hemisphere {
        case "N", "E": return value
        case "S", "W": return -value
        default: return nil
        }
    }

    /// `hhmmss` or `hhmmss.ss` as seconds of the day.
    static func timeOfDay(_ text: Substring) -> Double? {
        let digits = text.prefix { $0 != "." }
        guard digits.utf8.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let whole = Int(digits) else { return nil }
        let (hours, minutes, seconds) = (whole / 10_000, whole / 100 % 100, whole % 100)
        guard hours < 24, minutes < 60, seconds < 61 else { return nil }
        var fraction = 0.0
        if digits.endIndex < text.endIndex {
            let decimals = text[text.index(after: digits.endIndex)...]
            guard decimals.count <= 9, decimals.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            fraction = decimals.isEmpty ? 0 : (Double("0." + decimals) ?? 0)
        }
        return Double(hours * 3600 + minutes * 60 + seconds) + fraction
    }

    /// RMC's `ddmmyy` as days since 1970-01-01 (years 80-99 are 1980-1999, the rest 2000-2079).
    static func day(ddmmyy text: Substring) -> Int64? {
        guard text.utf8.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else { return nil }
        let year = value % 100
        return day(year: year >= 80 ? 1900 + year : 2000 + year, month: value / 100 % 100, day: value / 10_000)
    }

    /// A civil date as days since 1970-01-01, nil for a date that does not exist (31 April).
    static func day(year: Int, month: Int, day: Int) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (1900...2199).contains(year) else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        let days = date.daysSinceEpoch
        guard CivilDate(daysSinceEpoch: days) == date else { return nil }
        return Int64(days)
    }

    /// A plain decimal number (no exponent, no `inf`/`nan`), finite.
    static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 20,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
