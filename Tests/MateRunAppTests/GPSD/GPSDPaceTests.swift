import Foundation
import Testing

/// One log played through the real gpsd at a receiver's pace and faster makes the same run: a
/// live run's figures are those of its fixes, not of the pace gpsfake plays them at (at 50x,
/// calories came out 13% short while distance and time agreed: the motion tick, made on the run
/// clock, priced 50 fixes at once by the speed of whichever one it saw).
@Suite(.enabled(if: GPSDTools.runnable, GPSDTools.skipReason))
struct GPSDPaceTests {
    /// `speedUp` times real time: gpsfake's `-c` (seconds between sentences, two a fix).
    @Test(arguments: [10, 50])
    func aLogPlayedFasterThanARealReceiverIsTrackedWithTheFiguresOfItsReplay(speedUp: Int) async throws {
        try await trackedMatchesReplay(speedUp: speedUp)
    }

    /// The receiver's own pace takes the log's whole 175 s: run when `MATERUN_REALTIME_TESTS=1`
    /// (CI sets it), its faster siblings above on every run.
    @Test(.enabled(if: RealTimeTests.enabled, RealTimeTests.skipReason))
    func aLogPlayedAtARealReceiversPaceIsTrackedWithTheFiguresOfItsReplay() async throws {
        try await trackedMatchesReplay(speedUp: 1)
    }

    private func trackedMatchesReplay(speedUp: Int) async throws {
        let gpsfake = try GPSDTools.require(GPSDTools.gpsfake, "gpsfake")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let directory = data.path + "-scenario"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = try GPSDTestScenario.write(to: directory, GPSDTestScenario.nearWalkingPace)
        // (the run takes 175 s at 1x; gpsd's start, the idle end and a loaded machine, the rest)
        let bound = ContinuousClock.now + .seconds(180 / speedUp + 240)
        // Given the scenario's NMEA (a speed per fix, measured from the fix before, as walking and
        // running as its noise makes it), 3 s without a fix before it and 12 s after it at the
        // pace it is played, and its replay as a GPX without its activity (the positions and
        // times alone, what the NMEA tells)
        let cycle = 0.5 / Double(speedUp)
        let exported = await runMateRun(["export", scenario, "--format", "nmea"], data: data)
        #expect(exported.status == 0)
        let log = directory + "/run.nmea"
        let lead = NMEAFixtures.noFixStretch(count: 3 * speedUp), trail = NMEAFixtures.noFixStretch(count: 12 * speedUp)
        try (lead + exported.output.text + trail).write(toFile: log, atomically: true, encoding: .utf8)
        let replayed = try #require(await positionsOnlyReplay(scenario, in: directory, data: data))
        // When gpsfake plays it into gpsd, held until materun has connected, at `speedUp` times
        // real time, and materun tracks it until 10 s pass without a fix
        let (player, port) = try await startListening("gpsfake", executable: gpsfake, before: bound, stoppedOnceListening: true) {
            ["-P", "\($0)", "-1", "-q", "-c", "\(cycle)", "-s", "115200", "-W", "600", log]
        }
        defer { player.kill() }
        let track = try await track(
            holding: player,
            arguments: ["track", "--gpsd", "127.0.0.1:\(port)", "--json", "--idle-end", "10", "--no-countdown", "--weight", "58"],
            executable: materun, data: data, before: bound)
        #expect(try await track.exitStatus(before: bound) == 0, "\(track.tail)")
        // Then the receiver ended the run, and its distance, its times from its first fix (the
        // wait for it is run time, as long at any pace) and its calories are the replay's within
        // 1% (calories were let drift to 2% while each leg between noisy fixes was guessed a walk
        // or a run on its own: the guesses, and so the price, moved with where gpsd's fixes and
        // the file's points rounded; the run now judges the gait by its settled pace)
        let tracked = try #require(track.lastEvent("summary"), "\(track.tail)")
        #expect(tracked["ending"] as? String == "receiver_ended")
        let firstFix = try #require(firstKeptFixTime(in: data), "no fix kept")
        let bounds = [("distance_m", 0.0, 0.01), ("elapsed_s", firstFix, 0.01), ("moving_s", firstFix, 0.01), ("calories_kcal", 0, 0.01)]
        for (figure, offset, share) in bounds {
            let live = try #require(tracked[figure] as? Double) - offset
            let replay = try #require(replayed[figure] as? Double)
            #expect(abs(live - replay) <= replay * share, "\(figure) at \(speedUp)x: tracked \(live), replayed \(replay)")
        }
    }

    /// The summary of a `--speed max` replay of the scenario's GPX export without its extensions
    /// (the activity, cadence and heart rate a scenario has and an NMEA log has not).
    private func positionsOnlyReplay(_ scenario: String, in directory: String, data: TemporaryDataDirectory) async throws -> [String: Any]? {
        let gpx = await runMateRun(["export", scenario, "--format", "gpx"], data: data)
        #expect(gpx.status == 0)
        let plain = gpx.output.text.replacingOccurrences(of: "<extensions>.*?</extensions>", with: "", options: .regularExpression)
        #expect(!plain.contains("<extensions>") && plain.contains("<trkpt"))
        let path = directory + "/positions.gpx"
        try plain.write(toFile: path, atomically: true, encoding: .utf8)
        let replay = await runMateRun(["replay", path, "--speed", "max", "--json", "--no-save", "--weight", "58"], data: data)
        return replay.output.lines.last.flatMap(jsonObject)
    }
}
