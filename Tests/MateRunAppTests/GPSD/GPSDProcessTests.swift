import Foundation
import MateRunDomain
import MateRunRecords
import MateRunSocket
import Synchronization
import Testing

/// materun against the real gpsd: a scenario's NMEA played by gpsfake and tracked, a replay's
/// NMEA read by gpsd, and the round trip between them. Every process is ended by its PID (the
/// process objects kill theirs when released); every wait has a generous bound for a loaded
/// 2-core machine and polls for the event it waits for. The tests run side by side, each with
/// its own gpsd on its own port: gpsfake paces the logs, so they take wall time, not CPU.
@Suite(.enabled(if: GPSDTools.runnable, GPSDTools.skipReason))
struct GPSDProcessTests {
    private let bound = Duration.seconds(240)

    @Test func aScenarioPlayedByGpsfakeIsTrackedToAKeptRunWithinOnePercentOfItsReplay() async throws {
        let gpsfake = try GPSDTools.require(GPSDTools.gpsfake, "gpsfake")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let scenario = try GPSDTestScenario.write(to: data.path + "-scenario")
        defer { try? FileManager.default.removeItem(atPath: data.path + "-scenario") }
        // Given the scenario exported as NMEA, between stretches without a fix (4 s before it as
        // gpsfake plays it, a sentence every 20 ms, while gpsd opens its device; 12 s after it,
        // so that the run ends by its idle end before gpsfake ends gpsd)
        let exported = await runMateRun(["export", scenario, "--format", "nmea"], data: data)
        #expect(exported.status == 0)
        let log = data.path + "-scenario/run.nmea"
        try NMEAFixtures.betweenNoFixStretches(exported.output.text).write(toFile: log, atomically: true, encoding: .utf8)
        // When gpsfake plays it into gpsd (held until materun has connected) and materun tracks it
        // until 10 s pass without a fix
        let (player, port) = try await startListening("gpsfake", executable: gpsfake, before: .now + bound, stoppedOnceListening: true) {
            ["-P", "\($0)", "-1", "-q", "-c", "0.02", "-s", "115200", "-W", "600", log]
        }
        defer { player.kill() }
        let track = try await track(
            holding: player,
            arguments: ["track", "--gpsd", "127.0.0.1:\(port)", "--json", "--idle-end", "10", "--no-countdown", "--weight", "58"],
            executable: materun, data: data, before: .now + bound)
        let status = try await track.exitStatus(before: .now + bound)
        // Then the receiver ends the run, within 1% of the replay's distance, with the same splits
        #expect(status == 0, "\(track.tail)")
        let tracked = try #require(track.lastEvent("summary"), "\(track.tail)")
        let replayed = try #require(await replaySummary(scenario, data: data))
        let trackedMetres = try #require(tracked["distance_m"] as? Double)
        let replayedMetres = try #require(replayed["distance_m"] as? Double)
        #expect(abs(trackedMetres - replayedMetres) <= replayedMetres * 0.01, "tracked \(trackedMetres) m, replayed \(replayedMetres) m")
        #expect((tracked["splits"] as? [Any])?.count == (replayed["splits"] as? [Any])?.count)
        let trackedGain = try #require(tracked["elevation_gain_m"] as? Double)
        let replayedGain = try #require(replayed["elevation_gain_m"] as? Double)
        #expect(abs(trackedGain - replayedGain) <= 1)
        #expect(tracked["ending"] as? String == "receiver_ended")
        // And it is kept: show and export work on it
        let shown = await runMateRun(["show", "latest", "--json"], data: data)
        #expect(shown.status == 0)
        #expect(shown.output.text.contains("\"ending\":\"receiver_ended\""))
        let gpx = await runMateRun(["export", "latest", "--format", "gpx"], data: data)
        #expect(gpx.status == 0)
        #expect(gpx.output.text.components(separatedBy: "<trkpt").count > 250)
    }

    @Test func aReplayServedAsNMEAIsReadByGpsdWithTheSamePositionsAndTimes() async throws {
        let gpsd = try GPSDTools.require(GPSDTools.gpsd, "gpsd")
        let gpspipe = try GPSDTools.require(GPSDTools.gpspipe, "gpspipe")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let scenario = try GPSDTestScenario.write(to: data.path + "-scenario")
        defer { try? FileManager.default.removeItem(atPath: data.path + "-scenario") }
        // Given a replay at 10x serving NMEA, read by the test itself and by a gpsd watched by
        // gpspipe (at 20x, a loaded machine started them so late that only 58 fixes were left;
        // holding the replay still meanwhile made it send the fixes of that time at once when it
        // went on, before it took its readers' connections)
        let replay = try MateRunProcess(
            "replay", arguments: ["replay", scenario, "--speed", "10", "--json", "--no-save", "--nmea-serve", "127.0.0.1:0"],
            executable: materun, data: data)
        defer { replay.kill() }
        let nmeaPort = try await servedNMEAPort(of: replay, before: .now + bound)
        let sent = try await NMEALineCollector(port: nmeaPort)
        let (daemon, gpsdPort) = try await startListening("gpsd", executable: gpsd, before: .now + bound) {
            ["-N", "-n", "-S", "\($0)", "tcp://127.0.0.1:\(nmeaPort)"]
        }
        defer { daemon.kill() }
        let pipe = try MateRunProcess("gpspipe", arguments: ["-w", "127.0.0.1:\(gpsdPort)"], executable: gpspipe)
        defer { pipe.kill() }
        // When the replay runs to its end
        #expect(try await replay.exitStatus(before: .now + bound) == 0)
        let written = try #require(try await sent.allFixes(before: .now + .seconds(30)), "the replay's NMEA server never closed")
        let last = try #require(written.last)
        #expect(try await pipe.wait(before: .now + .seconds(30)) { process in
            process.lines.compactMap(jsonObject).compactMap(ReadFix.init(tpv:)).contains { abs($0.unixTime - last.unixTime) < 0.001 }
        })
        // Then every fix gpsd reports is one materun wrote: the same time, within 0.5 m
        let reported = pipe.lines.compactMap(jsonObject).compactMap(ReadFix.init(tpv:))
        let byTime = Dictionary(written.map { ((($0.unixTime * 100).rounded()), $0) }, uniquingKeysWith: { first, _ in first })
        // (the test's own reader joins under way too: a loaded start costs it the first fixes)
        #expect(written.count > 200)
        // (gpsd and gpspipe join a replay already under way, later on a loaded machine: count
        // from the first fix gpspipe saw)
        let first = try #require(reported.map(\.unixTime).min(), "gpsd reported no fix")
        let sinceFirst = written.filter { $0.unixTime >= first - 0.001 }.count
        #expect(sinceFirst > 100, "gpspipe saw only the last \(sinceFirst) of \(written.count) fixes")
        #expect(reported.count >= sinceFirst * 9 / 10, "gpsd reported \(reported.count) of the \(sinceFirst) fixes written since")
        var worst = 0.0
        for fix in reported {
            let match = try #require(byTime[(fix.unixTime * 100).rounded()], "gpsd reported a fix at \(fix.unixTime) materun never wrote")
            worst = max(worst, Geodesic.distance(from: match.coordinate, to: fix.coordinate))
        }
        #expect(worst < 0.5, "the farthest fix is \(worst) m from what materun wrote")
    }

    @Test func aReplayServedAsNMEAThroughGpsdIsTrackedWithinOnePercent() async throws {
        let gpsd = try GPSDTools.require(GPSDTools.gpsd, "gpsd")
        let gpsdctl = try GPSDTools.require(GPSDTools.gpsdctl, "gpsdctl")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let scenario = try GPSDTestScenario.write(to: data.path + "-scenario")
        defer { try? FileManager.default.removeItem(atPath: data.path + "-scenario") }
        // Given a gpsd without a device and materun tracking it
        let control = data.path + "-scenario/gpsd.sock"
        let (daemon, gpsdPort) = try await startListening("gpsd", executable: gpsd, before: .now + bound) {
            ["-N", "-n", "-F", control, "-S", "\($0)"]
        }
        defer { daemon.kill() }
        let track = try MateRunProcess(
            "track", arguments: ["track", "--gpsd", "127.0.0.1:\(gpsdPort)", "--json", "--idle-end", "10", "--no-countdown", "--weight", "58"],
            executable: materun, data: data)
        defer { track.kill() }
        #expect(try await track.wait(before: .now + bound) { $0.errorLines.contains { $0.contains("connected to gpsd") } })
        // When a replay serves its NMEA (after its 3 s countdown) and gpsd is given it as a device
        let replay = try MateRunProcess(
            "replay", arguments: ["replay", scenario, "--speed", "30", "--json", "--no-save", "--nmea-serve", "127.0.0.1:0"],
            executable: materun, data: data)
        defer { replay.kill() }
        let nmeaPort = try await servedNMEAPort(of: replay, before: .now + bound)
        let add = try MateRunProcess(
            "gpsdctl", arguments: ["add", "tcp://127.0.0.1:\(nmeaPort)"], executable: gpsdctl,
            environment: ["GPSD_SOCKET": control])
        #expect(try await add.exitStatus(before: .now + bound) == 0, "\(add.tail)")
        #expect(try await replay.exitStatus(before: .now + bound) == 0, "\(replay.tail)")
        #expect(try await track.exitStatus(before: .now + bound) == 0, "\(track.tail)")
        // Then the tracked distance is the replay's within 1%
        let replayed = try #require(replay.lastEvent("summary")?["distance_m"] as? Double)
        let tracked = try #require(track.lastEvent("summary")?["distance_m"] as? Double, "\(track.tail)")
        #expect(abs(tracked - replayed) <= replayed * 0.01, "tracked \(tracked) m, replayed \(replayed) m")
    }

    @Test func aLogWithBadChecksumsCutLinesAndNoFixStretchesIsTrackedAndTheDropsAreCounted() async throws {
        let gpsfake = try GPSDTools.require(GPSDTools.gpsfake, "gpsfake")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let scenario = try GPSDTestScenario.write(to: data.path + "-scenario")
        defer { try? FileManager.default.removeItem(atPath: data.path + "-scenario") }
        // Given the scenario's NMEA with every 15th sentence's checksum broken, every 40th cut in
        // half, and fixes 150-170 replaced by a stretch without a fix
        let exported = await runMateRun(["export", scenario, "--format", "nmea"], data: data)
        let damaged = NMEAFixtures.damaged(exported.output.text, noFix: 300..<340)
        // When gpsfake plays it and materun tracks it
        let (track, player) = try await trackPlayed(damaged, named: "damaged", in: data, gpsfake: gpsfake, materun: materun)
        defer { player.kill() }
        // Then the receiver still ends the run near the replay's distance, and the reports
        // without a fix are counted on standard error
        #expect(try await track.exitStatus(before: .now + bound) == 0, "\(track.tail)")
        let tracked = try #require(track.lastEvent("summary")?["distance_m"] as? Double, "\(track.tail)")
        let replayed = try #require(await replaySummary(scenario, data: data)?["distance_m"] as? Double)
        #expect(abs(tracked - replayed) <= replayed * 0.03, "tracked \(tracked) m, replayed \(replayed) m")
        #expect(track.errorLines.contains { $0.contains("gpsd reports dropped:") && $0.contains("without a fix") }, "\(track.tail)")
    }

    @Test func aGpsdWithoutAReceiverIsToldOfAfterTenSecondsAndTheIdleEndEndsARunThatNeverGotAFix() async throws {
        let gpsd = try GPSDTools.require(GPSDTools.gpsd, "gpsd")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        // Given a gpsd without a device (and a control socket: gpsd will not run with neither)
        let control = data.path + "-gpsd.sock"
        defer { try? FileManager.default.removeItem(atPath: control) }
        let (daemon, gpsdPort) = try await startListening("gpsd", executable: gpsd, before: .now + bound) {
            ["-N", "-n", "-F", control, "-S", "\($0)"]
        }
        defer { daemon.kill() }
        // When materun tracks it with a 12 s idle end
        let track = try MateRunProcess(
            "track", arguments: ["track", "--gpsd", "127.0.0.1:\(gpsdPort)", "--json", "--idle-end", "12", "--no-countdown"],
            executable: materun, data: data)
        defer { track.kill() }
        #expect(try await track.exitStatus(before: .now + bound) == 0, "\(track.tail)")
        // Then it said why no fix came, once, and the receiver ended the run
        let told = track.errorLines.filter { $0.contains("no fix from gpsd for") }
        #expect(told.count == 1, "\(track.tail)")
        #expect(told.first?.contains("no fix from gpsd for 10 s: gpsd has no receiver (its DEVICES lists none)") == true, "\(told)")
        #expect(track.lastEvent("summary")?["ending"] as? String == "receiver_ended", "\(track.tail)")
    }

    @Test func aReceiverClockSteppingBackMidLogIsReanchoredAndTheRunLosesNeitherFixesNorTime() async throws {
        let gpsfake = try GPSDTools.require(GPSDTools.gpsfake, "gpsfake")
        let materun = try requireMateRunExecutable()
        let data = TemporaryDataDirectory()
        let scenario = try GPSDTestScenario.write(to: data.path + "-scenario")
        defer { try? FileManager.default.removeItem(atPath: data.path + "-scenario") }
        // Given the scenario's NMEA whose clock steps back 13 s after its 150th fix while its
        // positions carry on (as a marine receiver's log did)
        let exported = await runMateRun(["export", scenario, "--format", "nmea"], data: data)
        #expect(exported.status == 0)
        let stepped = try #require(NMEAFixtures.clockSteppedBack(exported.output.text, afterFix: 150, by: 13))
        // When gpsfake plays it and materun tracks it
        let (track, player) = try await trackPlayed(stepped, named: "stepped", in: data, gpsfake: gpsfake, materun: materun)
        defer { player.kill() }
        #expect(try await track.exitStatus(before: .now + bound) == 0, "\(track.tail)")
        // Then the step is told and nothing is dropped as going back, and the run has the
        // replay's distance and time (from its first fix) within 1%: no fix and no second lost
        #expect(track.errorLines.contains { $0.contains("the receiver's clock stepped back 13 s") }, "\(track.tail)")
        #expect(!track.errorLines.contains { $0.contains("with a time going back") }, "\(track.tail)")
        let tracked = try #require(track.lastEvent("summary"), "\(track.tail)")
        let replayed = try #require(await replaySummary(scenario, data: data))
        let firstFix = try #require(firstKeptFixTime(in: data), "no fix kept")
        for (figure, offset) in [("distance_m", 0.0), ("elapsed_s", firstFix)] {
            let live = try #require(tracked[figure] as? Double) - offset
            let replay = try #require(replayed[figure] as? Double)
            #expect(abs(live - replay) <= replay * 0.01, "\(figure): tracked \(live), replayed \(replay)")
        }
    }

    /// `nmea` between two stretches without a fix, played once by gpsfake (a sentence every
    /// 20 ms) and tracked by materun until its idle end; the player is the caller's to end.
    private func trackPlayed(
        _ nmea: String, named name: String, in data: TemporaryDataDirectory, gpsfake: String, materun: String
    ) async throws -> (MateRunProcess, MateRunProcess) {
        let log = data.path + "-scenario/\(name).nmea"
        try NMEAFixtures.betweenNoFixStretches(nmea).write(toFile: log, atomically: true, encoding: .utf8)
        let (player, port) = try await startListening("gpsfake", executable: gpsfake, before: .now + bound, stoppedOnceListening: true) {
            ["-P", "\($0)", "-1", "-q", "-c", "0.02", "-s", "115200", "-W", "600", log]
        }
        do {
            let track = try await track(
                holding: player,
                arguments: ["track", "--gpsd", "127.0.0.1:\(port)", "--json", "--idle-end", "10", "--no-countdown", "--weight", "58"],
                executable: materun, data: data, before: .now + bound)
            return (track, player)
        } catch {
            player.kill()
            throw error
        }
    }

    /// The summary of the scenario's replay at --speed max, not kept.
    private func replaySummary(_ scenario: String, data: TemporaryDataDirectory) async -> [String: Any]? {
        let replay = await runMateRun(["replay", scenario, "--speed", "max", "--json", "--no-save", "--weight", "58"], data: data)
        return replay.output.lines.last.flatMap(jsonObject)
    }
}

/// NMEA logs made for the tests: stretches without a fix, and damage of the kinds a serial line does.
enum NMEAFixtures {
    /// `count` GGA/RMC pairs saying there is no fix (quality 0, status V).
    static func noFixStretch(count: Int) -> String {
        (0..<count).map { _ in
            NMEASentenceWriter.sentence("GPGGA,120000.00,,,,,0,00,,,M,,M,,")
                + NMEASentenceWriter.sentence("GPRMC,120000.00,V,,,,,,,010126,,,N")
        }.joined()
    }

    /// `log` after 4 s and before 12 s without a fix, as gpsfake plays it a sentence every 20 ms:
    /// gpsd opens its device for materun during the first stretch (gpsfake is stopped as soon
    /// as its gpsd listens and goes on once materun has connected; stopped only once the test's
    /// task saw gpsd listen, which the whole suite starting at once delays by seconds, a 4 s
    /// stretch lost the first 45 s of the run and a 10 s one 12 fixes under load); the run ends
    /// by `--idle-end 10` during the last, while gpsd is still there. gpsfake ends gpsd as soon
    /// as its log is played, and a gpsd still behind by then loses what it has not sent: with
    /// 5 s, a loaded machine (a release build beside the tests) lost the last 20 s of the run
    /// (and a 5 s idle end with 8 s after it tracked 28 m short of 1.2 km under that load).
    static func betweenNoFixStretches(_ log: String) -> String {
        noFixStretch(count: 100) + log + noFixStretch(count: 300)
    }

    /// `log` rewritten with its clock stepped back `seconds` after its fix number `afterFix`
    /// (from 1), the positions unchanged; nil when `log` has no fix after it. Rewritten from its
    /// RMCs' times and positions (GGA and RMC again, without speed, course or altitude), so that
    /// a step across midnight dates the RMC by the day before.
    static func clockSteppedBack(_ log: String, afterFix: Int, by seconds: Double) -> String? {
        let fixes = log.components(separatedBy: "\r\n").compactMap(ReadFix.init(rmc:))
        guard fixes.count > afterFix else { return nil }
        return fixes.enumerated().map { index, fix in
            NMEASentenceWriter.sentences(ReceiverFix(
                unixTime: fix.unixTime - (index < afterFix ? 0 : seconds), coordinate: fix.coordinate, horizontalAccuracy: 5))
        }.joined()
    }

    /// `log` with every 15th sentence's checksum wrong, every 40th cut in half (no CR LF), and the
    /// sentences in `noFix` (by index) turned into sentences without a fix.
    static func damaged(_ log: String, noFix: Range<Int>) -> String {
        let sentences = log.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        return sentences.enumerated().map { index, sentence -> String in
            if noFix.contains(index) {
                return sentence.hasPrefix("$GPGGA") ? NMEASentenceWriter.sentence("GPGGA,120000.00,,,,,0,00,,,M,,M,,")
                    : NMEASentenceWriter.sentence("GPRMC,120000.00,V,,,,,,,010126,,,N")
            }
            if index % 40 == 39 { return String(sentence.prefix(sentence.count / 2)) }
            if index % 15 == 14 { return String(sentence.dropLast(2)) + (sentence.hasSuffix("00") ? "FF" : "00") + "\r\n" }
            return sentence + "\r\n"
        }.joined()
    }
}

/// Reads an NMEA server's RMC sentences as they come, through the socket layer's poller.
final class NMEALineCollector: Sendable {
    /// The fixes read so far, shared with the reading task, and whether the server has closed.
    private final class Log: Sendable {
        let fixes = Mutex<[ReadFix]>([])
        let ended = Mutex(false)
    }

    private let log = Log()
    private let reader: Task<Void, Never>

    init(port: UInt16) async throws {
        let connection = try await TCPConnection.connect(
            to: TCPEndpoint(host: "127.0.0.1", port: port), timeout: .seconds(30),
            options: TCPConnectionOptions(idleTimeout: .seconds(600), maxFrameBytes: 1024))
        let log = log
        reader = Task {
            do {
                for try await frame in connection.frames {
                    if let fix = ReadFix(rmc: String(decoding: frame, as: UTF8.self)) { log.fixes.withLock { $0.append(fix) } }
                }
            } catch {
                connection.close()
            }
            log.ended.withLock { $0 = true }
        }
    }

    deinit { reader.cancel() }

    /// Every fix the server sent, once it has closed the connection (a server that has exited
    /// may still have lines in this end's buffer, which a loaded test process reads later); nil
    /// when it is still open at `deadline`.
    func allFixes(before deadline: ContinuousClock.Instant) async throws -> [ReadFix]? {
        while !log.ended.withLock({ $0 }) {
            guard .now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
        return log.fixes.withLock { $0 }
    }
}
