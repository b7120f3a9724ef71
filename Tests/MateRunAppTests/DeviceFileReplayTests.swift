import Foundation
@testable import MateRunApp
import Testing

/// The FIT and TCX fixtures of MateRunScenariosTests (scripts/make-device-fixtures.py) through
/// the real command line: `replay`, `validate` and `--track` work for them as for GPX.
@Suite("FIT and TCX files replay and validate from the command line")
struct DeviceFileReplayTests {
    static let directory = packageRoot + "/Tests/MateRunScenariosTests/DeviceFiles/"

    @Test(arguments: ["run-pauses.fit", "run-pauses.tcx"])
    func aDeviceFileReplaysToTheDevicesDistance(file: String) async throws {
        // Given the 2,394 m run with a 60 s pause, as FIT and as TCX
        // When it replays at --speed max
        let run = await runMateRun(["replay", Self.directory + file, "--speed", "max", "--json", "--weight", "70", "--no-save"])
        // Then it ends with a summary within 1% of the device's distance, and the pause is not moving time
        #expect(run.status == 0, "\(run.errors.lines)")
        let line = try #require(run.output.lines.last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let distance = try #require(summary["distance_m"] as? Double)
        let elapsed = try #require(summary["elapsed_s"] as? Double)
        let moving = try #require(summary["moving_s"] as? Double)
        #expect(abs(distance - 2394) / 2394 < 0.01, "\(distance) m")
        #expect(elapsed - moving >= 55, "elapsed \(elapsed) s, moving \(moving) s")
        #expect(run.errors.lines.contains { $0.contains("dropped 20") })
    }

    @Test(arguments: [
        ("sparse-run.fit", 5_229.6, 5_209.2, "5.23 km by the device"),
        ("long-ride.fit", 60_698.4, 60_640.5, "60.70 km by the device"),
    ] as [(String, Double, Double, String)])
    func aSparseRunAndALongRideReplayWithinThreePercentOfTheDevicesDistance(
        file: String, device: Double, truth: Double, described: String
    ) async throws {
        // Given a smart-recording run (a record every 1-10 s) or a 2-hour ride at 5-12 m/s, both
        // through bends in 3 m of wandering receiver noise, with the distance their device wrote
        // (its records' distance field and the session's total) and the truth they were made from
        let validated = await runMateRun(["validate", Self.directory + file])
        #expect(validated.output.lines.contains { $0.hasSuffix(described) }, "the file's own distance is \(device) m")
        // When it replays at --speed max
        let run = await runMateRun(["replay", Self.directory + file, "--speed", "max", "--json", "--weight", "70", "--no-save"])
        // Then the distance is within 3% of the device's and of the truth
        #expect(run.status == 0, "\(run.errors.lines)")
        let line = try #require(run.output.lines.last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let distance = try #require(summary["distance_m"] as? Double)
        #expect(abs(distance - device) / device < 0.03, "\(file): \(distance) m of the device's \(device) m")
        #expect(abs(distance - truth) / truth < 0.03, "\(file): \(distance) m of the true \(truth) m")
    }

    @Test func validateDescribesAFITFile() async {
        // Given the multisport file
        // When it is validated
        let run = await runMateRun(["validate", Self.directory + "multisport.fit"])
        // Then it is a valid FIT scenario, with the device's distance over both sessions
        #expect(run.status == 0)
        #expect(run.output.lines.first?.hasSuffix("valid fit scenario") == true)
        #expect(run.output.lines.contains { $0.contains("FIT track, 534 points") && $0.contains("4.99 km by the device") })
    }

    @Test func trackPicksASessionOfAFITFile() async throws {
        // Given the multisport file, a 2 km run then a 3 km ride
        // When the first session replays
        let run = await runMateRun(["replay", Self.directory + "multisport.fit", "--track", "1", "--speed", "max", "--json", "--weight", "70", "--no-save"])
        // Then only the run's 2 km is counted
        let line = try #require(run.output.lines.last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let distance = try #require(summary["distance_m"] as? Double)
        #expect(abs(distance - 1992) < 20, "\(distance) m")
    }

    @Test func aTruncatedFITFileIsRefusedWithItsByte() async throws {
        // Given the run cut after 5,000 bytes
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "run-pauses.fit")).prefix(5_000)
        let path = NSTemporaryDirectory() + "materun-cut-\(UUID().uuidString).fit"
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is validated
        let run = await runMateRun(["validate", path])
        // Then it is refused, naming the file and the byte
        #expect(run.status == 1)
        #expect(run.errors.lines.first == "materun: \(path): byte 5000: expected 19625 bytes of messages and CRC after the header, found 4986 (a truncated file)")
    }
}
