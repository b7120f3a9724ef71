import Foundation
import Glibc
import Testing

/// A run ended by SIGTERM or SIGHUP ends as one stopped with Ctrl-C does (cancelled, with its
/// summary), but exits with the status a shell expects of that signal: 128 + its number.
@Suite("materun ended by a signal", .timeLimit(.minutes(5)))
struct SignalExitTests {
    @Test("the exit status is 128 + the signal's number", arguments: [
        (SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGINT, Int32(130)),
    ] as [(Int32, Int32)])
    func aSignalCancelsTheRunAndExitsWithItsStatus(signal: Int32, expectedStatus: Int32) async throws {
        let executable = try requireMateRunExecutable()
        let deadline = ContinuousClock.now + .seconds(120)
        // Given a replay under way, slow enough to be still running when the signal comes
        let run = try MateRunProcess(
            "replay", arguments: ["replay", "Scenarios/hilly-8k.json", "--speed", "5", "--json", "--no-countdown"],
            executable: executable)
        defer { run.kill() }
        let underWay = try await run.wait(before: deadline) { run in
            run.lastEvent("progress").flatMap { $0["elapsed_s"] as? Double }.map { $0 >= 5 } ?? false
        }
        try #require(underWay, "no progress 5 s in:\n\(run.tail)")

        // When the signal arrives
        run.send(signal: signal)

        // Then the run is cancelled with its summary written, and the status names the signal
        #expect(try await run.exitStatus(before: deadline) == expectedStatus)
        let summary = try #require(run.lastEvent("summary"), "no summary:\n\(run.tail)")
        #expect(summary["ending"] as? String == "cancelled")
    }
}
