import Foundation
@testable import MateRunFuzz
import Testing

/// The fuzz corpus (Fuzz/corpus, minimised with libFuzzer's `-merge=1`) as a regression suite:
/// every input the fuzzer kept goes through the same checks the fuzzer runs, so a change that
/// breaks a parser on one of them fails here, not only in a fuzzing session.
@Suite("Every fuzz corpus input passes the fuzz target's checks")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus").path

    static func inputs(_ mode: String) -> [String] {
        let directory = corpus + "/" + mode
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { directory + "/" + $0 }
    }

    @Test(arguments: [FuzzMode.wire, .gpx, .json, .fit, .tcx])
    func everyInputOfTheModePasses(mode: FuzzMode) throws {
        // Given the corpus of one mode (never empty: a moved folder must not pass vacuously)
        let files = Self.inputs(mode.rawValue)
        try #require(!files.isEmpty, "no corpus in \(Self.corpus)/\(mode.rawValue)")
        for file in files {
            let input = try #require(FileManager.default.contents(atPath: file).map { [UInt8]($0) })
            // When it runs through the fuzz target, Then no invariant breaks (and nothing traps)
            let problems = FuzzTarget.problems(input, mode: mode)
            #expect(problems.isEmpty, "\((file as NSString).lastPathComponent): \(problems)")
        }
    }
}
