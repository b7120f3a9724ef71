import MateRunDomain
import MateRunSocket
import MateRunTestSupport
import Testing

@Suite struct FrameDecoderTests {
    static let stream = Array((#"{"type":"ping","id":1}"# + "\n" + #"{"type":"bye","reason":"x","message":"é🏃"}"# + "\r\n\n" + #"{"type":"accept"}"# + "\n").utf8)
    static let expected = [#"{"type":"ping","id":1}"#, #"{"type":"bye","reason":"x","message":"é🏃"}"#, #"{"type":"accept"}"#].map { Array($0.utf8) }

    @Test func splitsAStreamIntoFramesDroppingCRAndBlankLines() throws {
        var decoder = FrameDecoder(maxFrameBytes: 16_384)
        #expect(try decoder.append(Self.stream) == Self.expected)
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func anyTwoChunkSplitGivesTheSameFrames() throws {
        for cut in 0...Self.stream.count {
            var decoder = FrameDecoder(maxFrameBytes: 16_384)
            let frames = try decoder.append(Self.stream[..<cut]) + decoder.append(Self.stream[cut...])
            #expect(frames == Self.expected, "cut at \(cut)")
        }
    }

    @Test func byteByByteGivesTheSameFrames() throws {
        var decoder = FrameDecoder(maxFrameBytes: 16_384)
        var frames: [[UInt8]] = []
        for byte in Self.stream {
            frames += try decoder.append([byte])
        }
        #expect(frames == Self.expected)
    }

    @Test func randomChunkingGivesTheSameFrames() throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var decoder = FrameDecoder(maxFrameBytes: 16_384)
            var frames: [[UInt8]] = []
            var index = 0
            while index < Self.stream.count {
                let size = Int(generator.next() % 9) + 1
                let end = min(index + size, Self.stream.count)
                frames += try decoder.append(Self.stream[index..<end])
                index = end
            }
            #expect(frames == Self.expected)
        }
    }

    @Test func aLongFrameWithoutNewlineFailsAsSoonAsItPassesTheLimit() throws {
        var decoder = FrameDecoder(maxFrameBytes: 100)
        #expect(try decoder.append(Array(repeating: UInt8(ascii: "{"), count: 60)).isEmpty)
        #expect(throws: FrameError.tooLarge(limit: 100)) {
            try decoder.append(Array(repeating: UInt8(ascii: "a"), count: 41))
        }
    }

    @Test func aFrameOfExactlyTheLimitPasses() throws {
        var decoder = FrameDecoder(maxFrameBytes: 10)
        let frame = Array("{\"a\":1234}".utf8)
        #expect(frame.count == 10)
        #expect(try decoder.append(frame + [UInt8(ascii: "\n")]) == [frame])
    }

    @Test func aLongFrameWithNewlineInTheSameChunkStillFails() {
        var decoder = FrameDecoder(maxFrameBytes: 10)
        #expect(throws: FrameError.tooLarge(limit: 10)) {
            try decoder.append(Array("{\"abc\":12345}\n".utf8))
        }
    }

    @Test func framesAreBytesWhateverTheyHold() throws {
        // Given lines that are not JSON, not UTF-8, or only spaces
        var decoder = FrameDecoder(maxFrameBytes: 100)
        let stream: [UInt8] = Array("hello\n  \t\r\n".utf8) + [0xFF, 0xFE, UInt8(ascii: "\n")]
        // When they are framed
        let frames = try decoder.append(stream)
        // Then every non-blank line is a frame: what it holds is the protocol's business
        #expect(frames == [Array("hello".utf8), [0xFF, 0xFE]])
    }
}
