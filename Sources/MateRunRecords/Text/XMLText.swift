/// Escaping for XML text and attribute values, for the GPX and TCX writers.
package enum XMLText {
    /// `value` safe inside an element or a double-quoted attribute; characters XML 1.0 cannot hold
    /// at all (most control characters) are dropped.
    package static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A decimal with at most `places` fraction digits and no exponent, as XML Schema's
    /// `xsd:decimal` requires.
    /// Values beyond ±1e9 (no coordinate, altitude or distance of a run) are written whole, and
    /// beyond ±1e15 clamped, so that no input can overflow.
    package static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        if abs(value) >= 1e9 { return String(Int64(max(-1e15, min(1e15, value)).rounded())) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var fraction = String(Int64(scaled - Double(whole) * scale))
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
