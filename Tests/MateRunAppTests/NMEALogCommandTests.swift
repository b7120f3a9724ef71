import Foundation
import Testing

@Suite("validate, scenarios and replay know an NMEA log")
struct NMEALogCommandTests {
    @Test func validateNamesAnNMEALogAndReportsItsBadChecksums() async throws {
        // Given a scenario's NMEA export kept as a .log, one RMC's status damaged on the wire
        let directory = NSTemporaryDirectory() + "materun-nmea-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let exported = await runMateRun(["export", packageRoot + "/Scenarios/easy-5k.json", "--format", "nmea"])
        var lines = exported.output.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        try #require(lines.count > 5, "export: \(exported.status) \(exported.errors.lines)")
        lines[5] = lines[5].replacingOccurrences(of: ",A,", with: ",B,")
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: directory + "/receiver.log", atomically: true, encoding: .utf8)
        // When it is validated and its directory listed
        let validated = await runMateRun(["validate", directory + "/receiver.log"])
        let listed = await runMateRun(["scenarios", "--dir", directory])
        // Then it is a valid NMEA scenario, the skipped sentence said, and listed as a track
        #expect(validated.status == 0, "\(validated.errors.lines)")
        #expect(validated.output.lines.first?.hasSuffix("valid nmea scenario") == true)
        #expect(validated.errors.lines == ["materun: \(directory)/receiver.log: skipped 1 sentence with a bad checksum"])
        #expect(listed.status == 0)
        #expect(listed.output.lines.count == 1)
        #expect(listed.output.lines.first?.contains("NMEA track") == true)
    }
}
