import Foundation
import MateRunDomain
import MateRunRecords
import Testing

/// The FIT export read by other programs' readers: Garmin's own FIT SDK for Python
/// (garmin-fit-sdk) and fitdecode, through scripts/read-fit-export.py. Skipped with the reason
/// when python3 or the modules are absent, unless `MATERUN_REQUIRE_FIT_READERS=1` (CI), which
/// makes their absence a failure.
@Suite("The FIT export read by Garmin's FIT SDK and by fitdecode")
struct FITReadersTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/read-fit-export.py").path
    static let required = ProcessInfo.processInfo.environment["MATERUN_REQUIRE_FIT_READERS"] == "1"
    static let available: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import garmin_fit_sdk, fitdecode"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
    static let skipReason: Comment = "python3 with garmin-fit-sdk and fitdecode is not installed (pip install garmin-fit-sdk fitdecode); MATERUN_REQUIRE_FIT_READERS=1 makes this a failure"

    /// What the script printed for `bytes` written to a file. It waits by sleeping, never by
    /// blocking one of the two threads every test shares.
    static func read(_ bytes: [UInt8]) async throws -> [String: Any] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("materun-readers-\(UUID().uuidString).fit").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let outputPath = path + ".json"
        try #require(FileManager.default.createFile(atPath: outputPath, contents: Data()))
        defer { for file in [path, outputPath] { try? FileManager.default.removeItem(atPath: file) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, path]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        try process.run()
        // Bounded: the readers take well under a second for this file; a hung one is killed.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let data = try Data(contentsOf: URL(fileURLWithPath: outputPath))
        try #require(process.terminationStatus == 0, "read-fit-export.py failed (status \(process.terminationStatus))")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.enabled(if: available || required, skipReason))
    func bothReadersReadTheExportWithoutErrorAndFindTheKeptDistance() async throws {
        try #require(Self.available, "python3 with garmin-fit-sdk and fitdecode is required (MATERUN_REQUIRE_FIT_READERS=1)")
        // Given the 3 km run with three laps marked, exported as FIT
        let run = LapExportTests.run()
        let kept = run.summary.outcome.figures.distanceMetres
        // When Garmin's SDK and fitdecode read it
        let reading = try await Self.read(FITExport.bytes(run))
        let garmin = try #require(reading["garmin"] as? [String: Any])
        let fitdecode = try #require(reading["fitdecode"] as? [String: Any])
        // Then Garmin's decoder finds a FIT file, its CRC good, no error, every record with a position
        #expect(garmin["is_fit"] as? Bool == true)
        #expect(garmin["integrity"] as? Bool == true)
        #expect((garmin["errors"] as? [String]) == [])
        #expect(garmin["records"] as? Int == run.fixes.count)
        #expect(garmin["positions"] as? Int == run.fixes.count)
        #expect(garmin["heart_rates"] as? Int == run.fixes.count)
        #expect(garmin["laps"] as? Int == 3)
        #expect(garmin["sessions"] as? Int == 1)
        #expect(garmin["activities"] as? Int == 1)
        // And fitdecode reads it with its CRC checked
        #expect(fitdecode["error"] == nil)
        #expect(fitdecode["records"] as? Int == run.fixes.count)
        // And both measure the kept distance within 0.5%
        for (name, found) in [("garmin", garmin), ("fitdecode", fitdecode)] {
            for field in ["session_distance", "last_record_distance"] {
                let distance = try #require(found[field] as? Double, "\(name) \(field)")
                #expect(abs(distance - kept) / kept <= 0.005, "\(name) \(field) \(distance) m against \(kept) m kept")
            }
        }
    }
}
