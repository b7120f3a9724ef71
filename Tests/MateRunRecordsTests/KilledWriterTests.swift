import Foundation
import Glibc
import MateRunDomain
import MateRunRecords
import Testing

/// A real process keeping a run is killed with SIGKILL mid-run; the next look at the store keeps
/// the run as interrupted with every fix it had written.
///
/// The writer is this same test executable, started again with `--filter` on `ChildWriter` and
/// `MATERUN_TEST_WRITER_STORE` naming the store: no helper program is needed.
@Suite struct KilledWriterTests {
    static let storeVariable = "MATERUN_TEST_WRITER_STORE"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[Self.storeVariable] == nil))
    func aRunKilledMidWriteIsKeptAsInterruptedWithEveryWholeFix() async throws {
        // Given a child process recording fixes as fast as it can
        let temporary = TemporaryStore()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "ChildWriter"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.storeVariable: temporary.directory]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        // When it has written at least 300 fixes, it is killed with no chance to finish
        let journal = try await waitForJournal(in: temporary, lines: 300, while: child)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        // Then recovery keeps the run, interrupted, with fixes 0, 1, 2, … up to the last whole line
        let recovered = temporary.store.recoverInterrupted()
        #expect(recovered.problems.isEmpty)
        let id = try #require(recovered.runs.first?.id)
        let run = try temporary.store.load(id)
        #expect(run.summary.outcome.ending == .interrupted)
        #expect(run.fixes.count >= 300)
        #expect(run.fixes.map(\.time) == (0..<run.fixes.count).map(Double.init))
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(text.split(separator: "\n").count == run.fixes.count + 1)
    }

    /// Polls until the single run's journal holds `lines` lines; fails after 60 s or if the child
    /// exits first.
    private func waitForJournal(in temporary: TemporaryStore, lines: Int, while child: Process) async throws -> String {
        for _ in 0..<6000 {
            if let name = try? temporary.names().first(where: { !$0.hasPrefix(".") }) {
                let path = temporary.path("\(name)/track.jsonl")
                if let data = FileManager.default.contents(atPath: path), data.filter({ $0 == UInt8(ascii: "\n") }).count > lines {
                    return path
                }
            }
            guard child.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ChildWriterFailed(reason: child.isRunning ? "no \(lines) journal lines within 60 s" : "the child exited before writing \(lines) lines")
    }
}

struct ChildWriterFailed: Error {
    var reason: String
}

/// The child side of `KilledWriterTests`: runs only in the process that test starts.
@Suite struct ChildWriter {
    @Test(.enabled(if: ProcessInfo.processInfo.environment[KilledWriterTests.storeVariable] != nil))
    func recordUntilKilled() throws {
        let directory = try #require(ProcessInfo.processInfo.environment[KilledWriterTests.storeVariable])
        let recording = try FileRunRecordStore(directory: directory).begin(Runs.header())
        var second = 0
        // Bounded, so that a parent that died cannot leave this running for long.
        while second < 2_000_000 {
            let fix = RecordedFix(
                time: Double(second), coordinate: Coordinate(latitude: 47, longitude: 8), distanceMetres: Double(second) * 3,
                movingSeconds: Double(second)
            )
            try recording.record(fix, snapshot: Runs.snapshot(for: fix))
            second += 1
            usleep(100)
        }
    }
}
