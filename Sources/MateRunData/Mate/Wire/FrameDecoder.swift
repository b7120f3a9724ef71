import MateRunDomain

/// Splits a byte stream into newline-delimited frames, incrementally, as bytes arrive.
///
/// It exists so that a hostile peer cannot make us buffer without bound: as soon as the bytes
/// since the last newline exceed the limit, `append` throws, whatever follows. Each frame is
/// checked to be UTF-8 that opens a JSON object; a trailing `\r` is dropped and blank lines
/// are skipped.
public struct FrameDecoder: Sendable {
    /// The most bytes a frame may have, not counting its newline.
    public let maxFrameBytes: Int
    private var pending: [UInt8] = []

    public init(maxFrameBytes: Int = MateProtocol.maxFrameBytes) {
        self.maxFrameBytes = maxFrameBytes
    }

    /// Bytes received but not yet part of a complete frame.
    public var bufferedByteCount: Int { pending.count }

    /// Adds received bytes and returns the frames they complete, in order. After a throw the
    /// stream is unusable: the connection must be closed.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(MateWireError) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let piece = bytes[start..<newline]
            if pending.count + piece.count > maxFrameBytes {
                throw .frameTooLarge(limit: maxFrameBytes)
            }
            pending.append(contentsOf: piece)
            if let frame = try Self.checked(pending) {
                frames.append(frame)
            }
            pending.removeAll(keepingCapacity: true)
            start = bytes.index(after: newline)
        }
        let rest = bytes[start...]
        if pending.count + rest.count > maxFrameBytes {
            throw .frameTooLarge(limit: maxFrameBytes)
        }
        pending.append(contentsOf: rest)
        return frames
    }

    /// The frame without a trailing `\r`, nil for a blank line, or an error if it cannot be JSON
    /// text for an object.
    private static func checked(_ line: [UInt8]) throws(MateWireError) -> [UInt8]? {
        var frame = line
        if frame.last == UInt8(ascii: "\r") {
            frame.removeLast()
        }
        guard let first = frame.first(where: { !JSONWhitespace.contains($0) }) else { return nil }
        guard String(validating: frame, as: UTF8.self) != nil else { throw .invalidUTF8 }
        guard first == UInt8(ascii: "{") else { throw .notAnObject }
        return frame
    }
}

/// The four bytes JSON treats as whitespace.
enum JSONWhitespace {
    static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
