import Foundation
import Testing
@testable import MateRunMate

/// Keeps PROTOCOL.md honest: every example frame in it decodes, and encodes back to the same bytes.
@Suite struct ProtocolDocumentTests {
    static let exampleFrames: [String] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PROTOCOL.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n")
            .filter { $0.hasPrefix("> {") || $0.hasPrefix("< {") }
            .map { String($0.dropFirst(2)) }
    }()

    @Test func theDocumentHasExamples() {
        #expect(Self.exampleFrames.count > 30)
    }

    @Test(arguments: exampleFrames)
    func everyExampleFrameDecodesAndReencodesIdentically(_ frame: String) throws {
        let message = try MateWireCodec.decode(Array(frame.utf8))
        #expect(String(decoding: MateWireCodec.encode(message), as: UTF8.self) == frame + "\n")
    }
}
