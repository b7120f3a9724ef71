/// The headers of an `HPUB`/`HMSG`: a `NATS/1.0` status line (with an optional status code,
/// e.g. 503 for "no responders") and `Name: value` fields, in order, names repeatable.
package struct NATSHeaders: Sendable, Equatable {
    package var status: Int?
    package var statusDescription: String
    package var fields: [(name: String, value: String)]

    package init(_ fields: [(String, String)] = [], status: Int? = nil, statusDescription: String = "") {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
        self.status = status
        self.statusDescription = statusDescription
    }

    /// The first value of `name`, compared without case as HTTP does.
    package subscript(name: String) -> String? {
        let key = name.lowercased()
        return fields.first { $0.name.lowercased() == key }?.value
    }

    /// The header block as it goes on the wire, ending with the blank line.
    /// Throws when a name or value holds a line end or a name holds a colon or a space.
    package func encoded() throws(NATSError) -> [UInt8] {
        var text = "NATS/1.0"
        if let status {
            text += " \(status)"
            if !statusDescription.isEmpty { text += " " + statusDescription }
        }
        text += "\r\n"
        for field in fields {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }),
                field.value.utf8.allSatisfy({ $0 != 0x0D && $0 != 0x0A })
            else { throw .invalidSubject("header \(field.name)") }
            text += "\(field.name): \(field.value)\r\n"
        }
        return Array((text + "\r\n").utf8)
    }

    /// Reads a header block (what `HMSG`'s header length covers).
    package static func decode(_ bytes: ArraySlice<UInt8>) throws(NATSProtocolError) -> NATSHeaders {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .badHeaders("not UTF-8") }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.hasPrefix("NATS/1.0") else {
            throw .badHeaders("no NATS/1.0 line: " + NATSProtocolError.shown(Array(text.utf8)))
        }
        var headers = NATSHeaders()
        let statusText = first.dropFirst("NATS/1.0".count).drop { $0 == " " }
        if !statusText.isEmpty {
            let parts = statusText.split(separator: " ", maxSplits: 1)
            guard let code = Int(parts[0]), (100...999).contains(code) else {
                throw .badHeaders("bad status " + NATSProtocolError.shown(Array(statusText.utf8)))
            }
            headers.status = code
            headers.statusDescription = parts.count > 1 ? String(parts[1]) : ""
        }
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .badHeaders("bad field " + NATSProtocolError.shown(Array(line.utf8)))
            }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.fields.append((name: String(line[..<colon]), value: String(value)))
        }
        return headers
    }

    package static func == (lhs: NATSHeaders, rhs: NATSHeaders) -> Bool {
        lhs.status == rhs.status && lhs.statusDescription == rhs.statusDescription
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}
