import MateRunSocket

/// Reads one connection's operations in order: raw chunks from the socket through the parser.
/// Owned by the one task that serves the connection.
struct NATSReader {
    private var chunks: TCPFrames.AsyncIterator
    var parser = NATSParser()
    private var ready: [NATSServerMessage] = []
    private var readyIndex = 0

    init(_ connection: TCPConnection) {
        chunks = connection.frames.makeAsyncIterator()
    }

    /// The next operation; throws when the connection ends or breaks the protocol.
    mutating func next() async throws(NATSError) -> NATSServerMessage {
        while readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            let chunk: [UInt8]?
            do {
                chunk = try await chunks.next(isolation: #isolation)
            } catch {
                throw .connection("\(error)")
            }
            guard let chunk else { throw .connection("connection closed") }
            do {
                ready = try parser.append(chunk)
            } catch {
                throw .protocolViolation(error)
            }
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }
}
