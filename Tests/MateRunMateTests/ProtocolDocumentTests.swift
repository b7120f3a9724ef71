import Foundation
import Testing
@testable import MateRunMate

/// Keeps PROTOCOL.md honest: every example frame of the mate protocol (sections 1 to 9) decodes,
/// and encodes back to the same bytes. (Later sections have protocols of their own, with their
/// own checks.)
@Suite struct ProtocolDocumentTests {
    static let exampleFrames: [String] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PROTOCOL.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let mateProtocol = text.range(of: "\n## 10. ").map { text[..<$0.lowerBound] } ?? text[...]
        return mateProtocol.split(separator: "\n")
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
