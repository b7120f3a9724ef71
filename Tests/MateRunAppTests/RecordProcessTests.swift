import Foundation
import Testing

/// A real `materun` replay stopped mid-run, by SIGKILL (nothing it can do) and by Ctrl-C, is
/// found again in its data directory. Every wait is bounded.
@Suite("Kept runs of stopped processes", .serialized, .timeLimit(.minutes(3)))
struct RecordProcessTests {
    /// Starts a replay fast enough to be a few hundred seconds of run time in within a second or two.
    private func replayUnderWay() async throws -> MateRunProcess {
        let replay = try MateRunProcess(
            "replay", arguments: ["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "50", "--json"],
            executable: try requireMateRunExecutable())
        let underWay = try await replay.wait(before: .now + .seconds(120)) { process in
            process.lastEvent("progress").map { ($0["elapsed_s"] as? Double ?? 0) >= 200 } ?? false
        }
        try #require(underWay, "the replay did not get 200 s in:\n\(replay.tail)")
        return replay
    }

    @Test func aReplayKilledWithSIGKILLIsFoundAgainAsInterrupted() async throws {
        // Given a replay under way, killed where it stands
        let replay = try await replayUnderWay()
        replay.kill()
        #expect(try await replay.wait(before: .now + .seconds(120)) { !$0.isRunning })
        // When the next materun lists the history
        let history = await runMateRun(["history", "--json"], data: replay.data)
        // Then it says it read the run cut short from its journal, and lists it with what was run
        #expect(history.errors.text.contains("cut short and not sealed yet"), "stderr: \(history.errors.text)")
        let run = try #require(history.output.lines.first.flatMap(jsonObject))
        #expect(run["ending"] as? String == "interrupted")
        // A killed process loses at most its journal's last moments (docs/RECORDS.md): well under a
        // second of wall time, 50 s of run time at --speed 50.
        #expect((run["elapsed_s"] as? Double ?? 0) >= 200 - 50)
        #expect((run["distance_m"] as? Double ?? 0) > 400)
        // And it can be shown and exported like any run
        let show = await runMateRun(["show", "latest"], data: replay.data)
        #expect(show.output.text.contains("Run interrupted"))
        let export = await runMateRun(["export", "latest", "--format", "gpx"], data: replay.data)
        #expect(export.output.text.components(separatedBy: "<trkpt ").count - 1 >= 150)
    }

    @Test func aReplayStoppedWithCtrlCIsKeptAsCancelledWithWhatWasRun() async throws {
        // Given a replay under way, stopped with Ctrl-C
        let replay = try await replayUnderWay()
        replay.interrupt()
        #expect(try await replay.exitStatus(before: .now + .seconds(120)) == 130)
        let summary = try #require(replay.lines.last)
        // When it is shown again, Then it is kept as cancelled, the summary line it printed
        let shown = await runMateRun(["show", "latest", "--json"], data: replay.data)
        #expect(shown.output.lines == [summary])
        #expect(jsonObject(summary)?["ending"] as? String == "cancelled")
    }
}
