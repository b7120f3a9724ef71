import Foundation
import MateRunDomain
import Testing

/// An NMEA log replayed by materun itself against the same log played by gpsfake into the real
/// gpsd and tracked: the figures agree within 0.5%, for a clean log and for one whose receiver
/// clock steps back and whose sentences were damaged on the wire. gpsfake plays a sentence every
/// 20 ms (two sentences a fix: 25 times faster than the receiver).
@Suite(.enabled(if: GPSDTools.runnable, GPSDTools.skipReason))
struct NMEALogReplayTests {
    private let bound = Duration.seconds(240)

    @Test func aCleanLogReplaysToTheFiguresOfTrackingItThroughGpsd() async throws {
        try await compare(named: "clean") { $0 }
    }

    @Test func aLogWithAClockStepAndBadChecksumsReplaysToTheFiguresOfTrackingItThroughGpsd() async throws {
        try await compare(named: "stepped") { log in
            let stepped = try #require(NMEAFixtures.clockSteppedBack(log, afterFix: 150, by: 13))
            return NMEAFixtures.damaged(stepped, noFix: 0..<0)
        }
    }

    /// Exports the test scenario as NMEA, changes it with `change`, then tracks it through
    /// gpsfake and gpsd and replays it at --speed max, and compares the two runs' figures.
    private func compare(named name: String, _ change: (String) throws -> String) async throws {
        let gpsfake = try GPSDTools.require(GPSDTools.gpsfake, "gpsfake")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let directory = data.path + "-scenario"
        let scenario = try GPSDTestScenario.write(to: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Given the scenario's NMEA log (changed), between stretches without a fix
        let exported = await runMateRun(["export", scenario, "--format", "nmea"], data: data)
        #expect(exported.status == 0)
        let log = directory + "/\(name).nmea"
        try NMEAFixtures.betweenNoFixStretches(try change(exported.output.text)).write(toFile: log, atomically: true, encoding: .utf8)
        // When gpsfake plays it into gpsd and materun tracks it
        let (player, port) = try await startListening("gpsfake", executable: gpsfake, before: .now + bound, stoppedOnceListening: true) {
            ["-P", "\($0)", "-1", "-q", "-c", "0.02", "-s", "115200", "-W", "600", log]
        }
        defer { player.kill() }
        let track = try await track(
            holding: player,
            arguments: ["track", "--gpsd", "127.0.0.1:\(port)", "--json", "--idle-end", "10", "--no-countdown", "--weight", "58"],
            executable: materun, data: data, before: .now + bound)
        defer { track.kill() }
        #expect(try await track.exitStatus(before: .now + bound) == 0, "\(track.tail)")
        // And materun replays the same log itself
        let replay = await runMateRun(["replay", log, "--speed", "max", "--json", "--no-save", "--weight", "58"], data: data)
        #expect(replay.status == 0, "\(replay.errors.text)")
        // Then distance, time and moving time from the first fix (a live run's clock runs while
        // it waits for one), and climb agree within 0.5%
        let tracked = try #require(track.lastEvent("summary"), "\(track.tail)")
        let replayed = try #require(replay.output.lines.last.flatMap(jsonObject), "\(replay.errors.text)")
        let firstFix = try #require(firstKeptFixTime(in: data), "no fix kept")
        for (figure, offset) in [("distance_m", 0.0), ("elapsed_s", firstFix), ("moving_s", firstFix)] {
            let live = try #require(tracked[figure] as? Double) - offset
            let own = try #require(replayed[figure] as? Double)
            #expect(abs(live - own) <= own * 0.005, "\(name) \(figure): tracked through gpsd \(live), replayed \(own) (first fix \(firstFix) s)")
            print("NMEA log \(name) \(figure): tracked through gpsd \(live), replayed \(own)")
        }
        let liveGain = try #require(tracked["elevation_gain_m"] as? Double)
        let ownGain = try #require(replayed["elevation_gain_m"] as? Double)
        #expect(abs(liveGain - ownGain) <= max(1, ownGain * 0.005), "\(name) climb: tracked \(liveGain) m, replayed \(ownGain) m")
    }
}
