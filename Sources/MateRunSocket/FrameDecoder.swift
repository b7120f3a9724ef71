/// Splits a byte stream into newline-delimited frames, incrementally, as bytes arrive.
///
/// It exists so that a hostile peer cannot make us buffer without bound: as soon as the bytes
/// since the last newline exceed the limit, `append` throws, whatever follows. A trailing `\r`
/// is dropped and blank lines (only spaces, tabs and `\r`) are skipped; what a frame holds is the
/// protocol's business.
package struct FrameDecoder: Sendable {
    /// The most bytes a frame may have, not counting its newline.
    package let maxFrameBytes: Int
    private var pending: [UInt8] = []

    package init(maxFrameBytes: Int) {
        self.maxFrameBytes = maxFrameBytes
    }

    /// Bytes received but not yet part of a complete frame.
    package var bufferedByteCount: Int { pending.count }

    /// Adds received bytes and returns the frames they complete, in order. After a throw the
    /// stream is unusable: the connection must be closed.
    package mutating func append(_ bytes: some Collection<UInt8>) throws(FrameError) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let piece = bytes[start..<newline]
            if pending.count + piece.count > maxFrameBytes {
                throw .tooLarge(limit: maxFrameBytes)
            }
            pending.append(contentsOf: piece)
            if let frame = Self.trimmed(pending) {
                frames.append(frame)
            }
            pending.removeAll(keepingCapacity: true)
            start = bytes.index(after: newline)
        }
        let rest = bytes[start...]
        if pending.count + rest.count > maxFrameBytes {
            throw .tooLarge(limit: maxFrameBytes)
        }
        pending.append(contentsOf: rest)
        return frames
    }

    /// The frame without a trailing `\r`, or nil for a blank line.
    private static func trimmed(_ line: [UInt8]) -> [UInt8]? {
        var frame = line
        if frame.last == UInt8(ascii: "\r") {
            frame.removeLast()
        }
        let blank = frame.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        return blank ? nil : frame
    }
}

/// Why bytes from a peer are not a frame.
package enum FrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame reached `limit` bytes without its newline.
    case tooLarge(limit: Int)

    package var description: String {
        switch self {
        case .tooLarge(let limit): "frame longer than \(limit) bytes"
        }
    }
}
