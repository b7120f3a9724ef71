/// One NMEA 0183 sentence of a log, checked: `$`, a talker (any two characters: GP, GN, GL, GA,
/// BD…), a type, comma-separated fields, `*` and the XOR checksum of the bytes between `$` and `*`.
///
/// Exists so that a log's lines are judged one by one before anything is made of them: a line
/// whose checksum does not match was damaged on the wire and is skipped and counted, never read
/// as a position. Whatever comes before the `$` (a logger's timestamp) is ignored.
struct NMEASentence: Equatable {
    /// Why a line is not a sentence to read.
    enum Refusal: Error, Equatable {
        /// No `$` in the line, or no talker and type after it.
        case notASentence
        /// No `*hh` at the end.
        case noChecksum
        /// The checksum does not match the bytes.
        case badChecksum
    }

    /// The sentence's type without its talker: `GGA`, `RMC`, … (`P…` for a proprietary one).
    var type: String
    /// The fields after the type, as written (empty for an empty field).
    var fields: [Substring]

    /// The sentence in `line` (without its line end), or why there is none.
    static func read(_ line: Substring) -> Result<NMEASentence, Refusal> {
        guard let dollar = line.lastIndex(where: { $0 == "$" || $0 == "!" }) else { return .failure(.notASentence) }
        var text = line[line.index(after: dollar)...]
        while let last = text.last, last == "\r" || last == " " || last == "\t" { text = text.dropLast() }
        guard let star = text.lastIndex(of: "*") else { return .failure(.noChecksum) }
        let body = text[..<star]
        let written = text[text.index(after: star)...]
        guard written.count == 2, let checksum = UInt8(written, radix: 16) else { return .failure(.noChecksum) }
        guard body.utf8.reduce(0, ^) == checksum else { return .failure(.badChecksum) }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard let address = parts.first, address.utf8.count >= 3, address.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return .failure(.notASentence)
        }
        let type = address.hasPrefix("P") ? "P" + address.dropFirst() : String(address.dropFirst(2))
        return .success(NMEASentence(type: type, fields: Array(parts.dropFirst())))
    }

    /// Field `index` (0 is the first after the type), empty when the sentence is shorter.
    subscript(_ index: Int) -> Substring {
        index < fields.count ? fields[index] : ""
    }
}

extension NMEASentence {
    /// Whether `head` (a file's first bytes) holds an NMEA sentence with a good checksum among
    /// its first lines: what makes a `.log` or `.txt` file an NMEA log.
    static func opensALog(_ head: ArraySlice<UInt8>) -> Bool {
        let lines = head.split(separator: UInt8(ascii: "\n")).prefix(20)
        return lines.contains { line in
            guard line.contains(UInt8(ascii: "$")), case .success = read(String(decoding: line, as: UTF8.self)[...]) else { return false }
            return true
        }
    }
}
