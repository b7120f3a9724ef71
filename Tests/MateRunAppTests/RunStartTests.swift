import Foundation
import Synchronization
@testable import MateRunApp
import MateRunDomain
import MateRunScenarios
import Testing

@Suite("A kept run's start: the file's own, or one that ends with the replay")
struct RunStartTests {
    @Test func aFileWithItsOwnTimesKeepsThem() {
        // Given a track that began at 2024-05-06T12:53:20Z, replayed now
        let start = RunStart(own: 1_715_000_000, wallTime: { (1_800_000_000, 0) })
        // Then the run began when the file says, at its beginning and at its end
        #expect(start.atBegin().unixSeconds == 1_715_000_000)
        #expect(start.atEnd(elapsedSeconds: 2400) == 1_715_000_000)
    }

    @Test func aRunWithoutTimesOfItsOwnIsKeptAsEndingWhenItEnded() {
        // Given a 40-minute script begun at 1_800_000_000 and over a second later (--speed max)
        let now = Mutex(1_800_000_000.0)
        let start = RunStart(own: nil, wallTime: { (now.withLock { $0 }, 3600) })
        let begun = start.atBegin()
        now.withLock { $0 += 1 }
        // When its start is set at its end
        let kept = start.atEnd(elapsedSeconds: 2400)
        // Then it is begun now (as an interrupted run would keep), and kept as begun 40 minutes before it ended
        #expect(begun.unixSeconds == 1_800_000_000 && begun.utcOffsetSeconds == 3600)
        #expect(kept == 1_800_000_001 - 2400)
    }

    @Test func aReplayedFITFilesExportKeepsTheFilesTimes() async throws {
        // Given the FIT run whose first point with a position is at 2024-05-06T12:53:40Z, replayed and kept
        let data = TemporaryDataDirectory()
        let file = packageRoot + "/Tests/MateRunScenariosTests/DeviceFiles/run-pauses.fit"
        let replay = await runMateRun(["replay", file, "--speed", "max", "--json", "--weight", "70"], data: data)
        #expect(replay.status == 0)
        // When it is exported as GPX
        let export = await runMateRun(["export", "latest", "--format", "gpx"], data: data)
        // Then the track's first time is the file's, not the time of the replay
        let times = export.output.lines.filter { $0.contains("<trkpt") }.compactMap { line -> String? in
            guard let open = line.range(of: "<time>"), let close = line.range(of: "</time>") else { return nil }
            return String(line[open.upperBound..<close.lowerBound])
        }
        #expect(times.first == "2024-05-06T12:53:40Z")
    }

    @Test func aScriptAtMaxSpeedEndsNoLaterThanNow() async throws {
        // Given a scripted 5 km replayed at --speed max and kept
        let data = TemporaryDataDirectory()
        let before = Date().timeIntervalSince1970
        let replay = await runMateRun(["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json"], data: data)
        #expect(replay.status == 0)
        // When it is exported
        let export = await runMateRun(["export", "latest", "--format", "gpx"], data: data)
        // Then its last point is not in the future
        let last = try #require(export.output.lines.last { $0.contains("<trkpt") })
        let open = try #require(last.range(of: "<time>")), close = try #require(last.range(of: "</time>"))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let end = try #require(formatter.date(from: String(last[open.upperBound..<close.lowerBound])))
        #expect(end.timeIntervalSince1970 <= Date().timeIntervalSince1970 + 1)
        #expect(end.timeIntervalSince1970 >= before - 3600)
    }
}
