/// The server side of the NATS protocol read from bytes: chunks in, typed operations out.
///
/// It is pure (no I/O, no clock), so every hostile input is a unit test: a line too long, an
/// unknown operation, a length that lies, a payload larger than allowed. Each throws a
/// `NATSProtocolError` before anything is buffered beyond the limits; nothing crashes. `MSG`
/// and `HMSG` payloads are taken by their announced lengths, so they may hold any bytes.
/// Operation names are read without regard to case, and a bare `\n` ends a line as `\r\n` does.
package struct NATSParser: Sendable {
    /// The longest control line accepted (an `INFO` from a big cluster is the longest).
    package var maxControlLine: Int
    /// The largest payload accepted; the client sets it from the server's `max_payload`.
    package var maxPayload: Int

    private var buffer: [UInt8] = []
    private var start = 0

    package init(maxControlLine: Int = 64 * 1024, maxPayload: Int = NATSServerInfo.defaultMaxPayload) {
        self.maxControlLine = maxControlLine
        self.maxPayload = maxPayload
    }

    /// Bytes received and not yet part of a complete operation.
    package var bufferedByteCount: Int { buffer.count - start }

    /// Adds received bytes and returns the operations they complete, in order. After a throw the
    /// stream is unusable: the connection must be dropped.
    package mutating func append(_ bytes: some Collection<UInt8>) throws(NATSProtocolError) -> [NATSServerMessage] {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
        var messages: [NATSServerMessage] = []
        while let message = try next() {
            messages.append(message)
        }
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return messages
    }

    /// The next complete operation in the buffer, nil when more bytes are needed.
    private mutating func next() throws(NATSProtocolError) -> NATSServerMessage? {
        guard let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count - start > maxControlLine { throw .controlLineTooLong(limit: maxControlLine) }
            return nil
        }
        guard newline - start <= maxControlLine else { throw .controlLineTooLong(limit: maxControlLine) }
        var lineEnd = newline
        if lineEnd > start && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = buffer[start..<lineEnd]
        let afterLine = newline + 1
        let (operation, arguments) = Self.split(line)
        switch operation {
        case "MSG":
            return try payloadMessage(line: line, arguments: arguments, headers: false, payloadStart: afterLine)
        case "HMSG":
            return try payloadMessage(line: line, arguments: arguments, headers: true, payloadStart: afterLine)
        case "PING":
            start = afterLine
            return .ping
        case "PONG":
            start = afterLine
            return .pong
        case "+OK":
            start = afterLine
            return .ok
        case "-ERR":
            start = afterLine
            return .error(NATSServerError(message: Self.errorText(arguments)))
        case "INFO":
            start = afterLine
            return .info(try NATSServerInfo.decode(arguments))
        default:
            throw .unknownOperation(NATSProtocolError.shown(line))
        }
    }

    /// A `MSG subject sid [reply] size` or `HMSG subject sid [reply] hsize size` with its
    /// payload, or nil (and nothing consumed) while the payload has not all arrived.
    private mutating func payloadMessage(
        line: ArraySlice<UInt8>, arguments: ArraySlice<UInt8>, headers: Bool, payloadStart: Int
    ) throws(NATSProtocolError) -> NATSServerMessage? {
        let operation = headers ? "HMSG" : "MSG"
        let fields = arguments.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
        let counts = headers ? 2 : 1
        guard fields.count == 2 + counts || fields.count == 3 + counts,
            let sid = Self.number(fields[1]).flatMap(UInt64.init(exactly:)),
            let total = Self.number(fields[fields.count - 1])
        else { throw .malformed(operation: operation, line: NATSProtocolError.shown(line)) }
        let headerSize = headers ? Self.number(fields[fields.count - 2]) : 0
        guard let headerSize, headerSize <= total, !headers || headerSize > 0 else {
            throw .malformed(operation: operation, line: NATSProtocolError.shown(line))
        }
        guard total <= maxPayload else { throw .payloadTooLarge(bytes: total, limit: maxPayload) }
        guard let subject = String(validating: fields[0], as: UTF8.self) else {
            throw .malformed(operation: operation, line: NATSProtocolError.shown(line))
        }
        let payloadEnd = payloadStart + total
        // The payload and its line end must all be here; a lone `\n` after it is accepted too.
        guard buffer.count >= payloadEnd + 1 else { return nil }
        let terminatedByLF = buffer[payloadEnd] == UInt8(ascii: "\n")
        if !terminatedByLF {
            guard buffer.count >= payloadEnd + 2 else { return nil }
            guard buffer[payloadEnd] == UInt8(ascii: "\r"), buffer[payloadEnd + 1] == UInt8(ascii: "\n") else {
                throw .payloadNotTerminated(subject: NATSProtocolError.shown(fields[0]))
            }
        }
        var replyTo: String?
        if fields.count == 3 + counts {
            guard let reply = String(validating: fields[2], as: UTF8.self) else {
                throw .malformed(operation: operation, line: NATSProtocolError.shown(line))
            }
            replyTo = reply
        }
        let decodedHeaders = headers ? try NATSHeaders.decode(buffer[payloadStart..<payloadStart + headerSize]) : nil
        let payload = Array(buffer[payloadStart + headerSize..<payloadEnd])
        start = payloadEnd + (terminatedByLF ? 1 : 2)
        return .message(NATSMessage(subject: subject, sid: sid, replyTo: replyTo, headers: decodedHeaders, payload: payload))
    }

    /// The operation name (upper-cased) and the bytes after the spaces that follow it.
    private static func split(_ line: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>) {
        let nameEnd = line.firstIndex { $0 == 0x20 || $0 == 0x09 } ?? line.endIndex
        let name = line[line.startIndex..<nameEnd]
        guard name.count <= 4, name.allSatisfy({ $0 >= 0x21 && $0 < 0x7F }) else { return ("", line) }
        let upper = String(decoding: name.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        let arguments = line[nameEnd...].drop { $0 == 0x20 || $0 == 0x09 }
        return (upper, arguments)
    }

    /// A decimal count of at most 10 digits (a count that large is refused by the limits anyway).
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 10 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The text of `-ERR 'message'`, without the quotes, made printable.
    private static func errorText(_ arguments: ArraySlice<UInt8>) -> String {
        var text = arguments
        if text.first == UInt8(ascii: "'") { text = text.dropFirst() }
        if text.last == UInt8(ascii: "'") { text = text.dropLast() }
        return NATSProtocolError.shown(text)
    }
}
