import Foundation
import MateRunDomain
@testable import MateRunScenarios
import MateRunTestSupport
import Testing

@Suite("GPX is read a chunk at a time, with the same result as a whole")
struct GPXStreamingTests {
    /// A track with every construct the scanner skips or reads, spread over lines.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment with <trkpt> and </trkpt> inside -->
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
          <metadata><name>Meta &amp; name</name></metadata>
          <wpt lat="1" lon="2"><name>ignored</name></wpt>
          <trk>
            <name>Morning <![CDATA[run]]></name>
            <trkseg>
              <trkpt lat="37.5665" lon="126.9780"><ele>12.5</ele><time>2024-05-18T07:00:00Z</time></trkpt>
              <trkpt lon='126.9790'
                     lat='37.5670'>
                <ele> 13.0 </ele>
                <time>2024-05-18T07:00:05Z</time>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
              </trkpt>
              <trkpt lat="37.5675" lon="126.9800"/>
            </trkseg>
          </trk>
        </gpx>
        """

    private func parseInChunks(_ text: String, sizes: [Int]) throws(ScenarioError) -> GPXTrack {
        let bytes = Array(text.utf8)
        var parser = GPXParser(file: "chunks.gpx")
        var offset = 0, turn = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + sizes[turn % sizes.count])
            try parser.feed(Array(bytes[offset..<end]), isLast: false)
            offset = end
            turn += 1
        }
        try parser.feed([], isLast: true)
        return try parser.track()
    }

    @Test func everyChunkingGivesTheWholeDocumentsTrack() throws {
        // Given the document's points and the same document without its time-less last point
        let text = Self.document.replacingOccurrences(of: #"<trkpt lat="37.5675" lon="126.9800"/>"#, with: "")
        let whole = try GPXParser.parse(Array(text.utf8), file: "whole.gpx")
        #expect(whole.points.count == 2)
        // When it is fed in chunks of every size from 1 byte up, and in random sizes
        for size in 1...64 {
            let chunked = try parseInChunks(text, sizes: [size])
            #expect(chunked.points == whole.points, "chunks of \(size) bytes")
            #expect(chunked.tracks == whole.tracks)
        }
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let sizes = (0..<16).map { _ in Int(random.next() % 300) + 1 }
            #expect(try parseInChunks(text, sizes: sizes).points == whole.points)
        }
    }

    @Test func aStrayPointIsNamedByTheSameLineWhateverTheChunks() throws {
        // Given a track whose third point has no number for its latitude, on line 17
        let broken = Self.document.replacingOccurrences(of: #"<trkpt lat="37.5675""#, with: #"<trkpt lat="north""#)
        for size in [1, 7, 100, 4096] {
            // When it is read in chunks of that size
            let track = try parseInChunks(broken, sizes: [size])
            // Then the point is dropped, and the note names its line however the bytes arrived
            #expect(track.notes == ["dropped 1 point without a usable lat/lon (the first at line 17)"], "chunks of \(size) bytes")
        }
    }

    @Test func anEndlessCommentIsRefusedWithoutHoldingTheFile() {
        // Given a document that opens a comment and never closes it, fed 1 MB at a time
        var parser = GPXParser(file: "endless.gpx")
        var refused: ScenarioError?
        do {
            try parser.feed(Array("<gpx><!--".utf8), isLast: false)
            for _ in 0..<8 {
                try parser.feed([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20), isLast: false)
            }
        } catch {
            refused = error
        }
        // Then it is refused once the comment passes the markup limit, not at the end of the file
        #expect(refused?.expected.contains("expected markup shorter than 4 MB") == true)
    }

    @Test func aJSONScenarioLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        // Given 17 MB of whitespace named .json
        let path = NSTemporaryDirectory() + "materun-big-\(UUID().uuidString).json"
        let handle = try #require(FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        // When it is loaded
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("a 17 MB JSON scenario loaded")
        } catch {
            // Then the error says the limit and what to do instead
            #expect(error.expected == "expected a JSON scenario of at most 16 MB, found 17 MB (replay a long recording as GPX)")
        }
    }
}
