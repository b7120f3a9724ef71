import Foundation
import MateRunDomain
@testable import MateRunScenarios
import Testing

@Suite("FIT files as devices write them: records, pauses, sessions, byte orders, broken files")
struct FITReaderTests {
    let fixtures = Fixtures()

    @Test func aRunWithAPauseReplaysItsPositionedRecordsWithThePauseBetweenSegments() throws {
        // Given a 1 Hz run of 2,394 m: 20 records before the GPS fix, a 60 s timer pause, 2 laps
        // When it loads
        let scenario = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.fit"))
        // Then every record with a position is a fix, the pause splits them, and the rest is said
        #expect(scenario.source == .fit)
        #expect(scenario.sport == .running)
        #expect(scenario.locations.count == 799)
        let pauses = scenario.locations.indices.filter { scenario.locations[$0].pausesRecording }
        #expect(pauses == [400])
        #expect(scenario.locations[401].resumesRecording)
        #expect(abs(trackLength(scenario.locations) - 2394) < 1)
        #expect(scenario.notes.contains("dropped 20 records without a position (before the GPS had a fix, or indoors)"))
        #expect(scenario.summary.contains("2 laps (1 by hand), 2.39 km by the device"))
        // And it starts when its first fix was taken (2024-05-06T12:53:40Z), for the kept run's times
        #expect(scenario.startedAt == 1_715_000_020)
    }

    @Test func aTrackReplayedAtAPaceHasNoStartOfItsOwn() throws {
        // Given the run replayed at 5:00 per km instead of its own times
        let scenario = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.fit"), gpx: GPXReplayOptions(paceSecondsPerKilometre: 300))
        // Then its times are not the file's, and neither is its start
        #expect(scenario.startedAt == nil)
    }

    @Test func compressedTimestampHeadersGiveEachRecordItsSecond() throws {
        // Given the run, one record in ten sent with a compressed-timestamp header
        // When it loads
        let locations = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.fit")).locations
        // Then the fixes are a second apart, except across the 60 s pause
        let steps = zip(locations, locations.dropFirst()).map { $1.time - $0.time }
        #expect(steps.filter { $0 != 1 } == [61])
    }

    @Test func heartRateAndPerFootCadenceReachTheMotionStream() throws {
        // Given records with heart rate 140-159 and a per-foot cadence of 85-87
        // When it loads
        let motions = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.fit")).motions
        // Then the motion updates carry them, the cadence as steps of both feet
        let heartRates = motions.compactMap(\.heartRate)
        let cadences = motions.compactMap(\.cadence)
        #expect(!heartRates.isEmpty && heartRates.allSatisfy { (140...159).contains($0) })
        #expect(!cadences.isEmpty && cadences.allSatisfy { (170...174).contains($0) })
    }

    @Test func aBigEndianRideWithEnhancedFieldsAndATwelveByteHeaderReads() throws {
        // Given a big-endian ride of 6 km at 8 m/s, its altitude only in enhanced_altitude (35 m)
        // When it loads
        let scenario = try ScenarioLoader.load(path: DeviceFiles.path("ride-bigendian.fit"))
        // Then it is a ride, of its length, at its altitude
        #expect(scenario.sport == .cycling)
        #expect(scenario.locations.count == 751)
        #expect(abs(trackLength(scenario.locations) - 6000) < 2)
        #expect(scenario.locations.allSatisfy { abs(($0.elevation ?? 0) - 35) < 0.01 })
        #expect(scenario.locations[0].coordinate.latitude < -33.8)
    }

    @Test func eachSessionOfAMultisportFileIsATrackThatTrackPicks() throws {
        // Given a run (2 km, 2 s records) then a ride (3 km), two sessions
        let path = DeviceFiles.path("multisport.fit")
        // When the second is asked for
        let ride = try ScenarioLoader.load(path: path, gpx: GPXReplayOptions(track: 2))
        // Then only the ride replays, as a ride
        #expect(ride.sport == .cycling)
        #expect(ride.locations.count == 201)
        #expect(abs(trackLength(ride.locations) - 3000) < 2)
        // And a third is refused, naming what the file holds
        let error = fixtures.error(fileBytes: try DeviceFiles.bytes("multisport.fit"), name: "m.fit", options: GPXReplayOptions(track: 3))
        #expect(error?.expected == "expected --track between 1 and 2 (the file has 2 sessions), found 3")
    }

    @Test func theSameRunAsFITAndAsTCXReadsToTheSameFixes() throws {
        // Given one run written as a FIT file and as Garmin Connect's TCX
        // When both load
        let fit = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.fit"))
        let tcx = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.tcx"))
        // Then they hold the same fixes at the same times (FIT's semicircles are 8 mm apart)
        #expect(fit.locations.count == tcx.locations.count)
        for (a, b) in zip(fit.locations, tcx.locations) {
            #expect(a.time == b.time)
            #expect(abs(a.coordinate.latitude - b.coordinate.latitude) < 1e-6)
            #expect(abs(a.coordinate.longitude - b.coordinate.longitude) < 1e-6)
            #expect(a.pausesRecording == b.pausesRecording)
        }
    }

    @Test func aSmartRecordingLogReplaysEveryRecordAtItsOwnInterval() throws {
        // Given a watch's smart recording: a record every 1-10 s of its 1 Hz track
        // When it loads
        let locations = try ScenarioLoader.load(path: DeviceFiles.path("sparse-run.fit")).locations
        // Then every record is a fix, at its own time: nothing filled in, nothing thinned
        let steps = zip(locations, locations.dropFirst()).map { $1.time - $0.time }.sorted()
        #expect(locations.count == 367)
        #expect(steps.first == 1 && steps.last == 10 && steps[steps.count / 2] == 5)
    }

    @Test func aDirectoryListsItsFITAndTCXFilesAsScenarios() throws {
        // Given the directory of the device fixtures
        let directory = (DeviceFiles.path("run-pauses.fit") as NSString).deletingLastPathComponent
        // When it is listed
        let listing = try BundledScenarios.list(in: directory)
        // Then every FIT and TCX file is there, and loads
        #expect(listing.map(\.file) == [
            "long-ride.fit", "multisport.fit", "ride-bigendian.fit", "run-pauses.fit", "run-pauses.tcx", "sparse-run.fit",
        ])
        #expect(listing.allSatisfy { $0.problem == nil })
    }

    // MARK: - Broken files

    @Test func aTruncatedFileIsRefusedWhereItEnds() throws {
        // Given the run cut after 10,000 bytes
        let bytes = Array(try DeviceFiles.bytes("run-pauses.fit").prefix(10_000))
        // When it loads
        let error = fixtures.error(fileBytes: bytes, name: "cut.fit")
        // Then the error names the file and the byte where it ends
        #expect(error?.file.hasSuffix("cut.fit") == true)
        #expect(error?.place == "byte 10000")
        #expect(error?.expected.contains("a truncated file") == true)
    }

    @Test func aChangedByteIsRefusedByTheFilesCRC() throws {
        // Given the run with one byte of a record changed
        var bytes = try DeviceFiles.bytes("run-pauses.fit")
        bytes[5_000] ^= 0x01
        // When it loads
        let error = fixtures.error(fileBytes: bytes, name: "flipped.fit")
        // Then the CRC at the end refuses it, at its offset
        #expect(error?.place == "byte \(bytes.count - 2)")
        #expect(error?.expected.hasPrefix("expected the file's CRC") == true)
    }

    @Test func aChangedHeaderIsRefusedByTheHeadersCRC() throws {
        // Given the run with its profile version changed
        var bytes = try DeviceFiles.bytes("run-pauses.fit")
        bytes[2] ^= 0x01
        // When it loads
        let error = fixtures.error(fileBytes: bytes, name: "header.fit")
        // Then the header's CRC refuses it
        #expect(error?.place == "byte 12")
        #expect(error?.expected.hasPrefix("expected the header's CRC") == true)
    }

    @Test func dataBeforeItsDefinitionIsRefusedAtItsByte() throws {
        // Given a file whose first message is data of a local type never defined
        let bytes = FITBytes.file([0x03, 0x00, 0x00])
        // When it loads
        let error = fixtures.error(fileBytes: bytes, name: "nodef.fit")
        // Then the message's byte is named
        #expect(error?.place == "byte 14")
        #expect(error?.expected == "expected a definition message for local message type 3 before its data")
    }

    @Test func aFileWithoutPositionsSaysWhatItHolds() throws {
        // Given a FIT file whose file_id says it is a settings file, and no records
        let bytes = FITBytes.file([0x40, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02])
        // When it loads
        let error = fixtures.error(fileBytes: bytes, name: "settings.fit")
        // Then it is refused as the settings file it is
        #expect(error?.expected.hasSuffix("found a settings file") == true)
    }

    @Test func theCRCIsTheFITSDKsCRC16() {
        // Given the standard check string
        let bytes = Array("123456789".utf8)
        // When its CRC is computed
        // Then it is CRC-16/ARC's check value
        #expect(FITCRC.checksum(bytes, bytes.indices) == 0xBB3D)
    }
}

/// A FIT file around hand-written message bytes: a 14-byte header with its CRC, and the CRC at
/// the end, so that a test can show one broken message.
enum FITBytes {
    static func file(_ messages: [UInt8]) -> [UInt8] {
        let size = UInt32(messages.count)
        var header: [UInt8] = [14, 0x20, 0x54, 0x08]
        header += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = FITCRC.checksum(header, header.indices)
        var bytes = header + [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)] + messages
        let crc = FITCRC.checksum(bytes, bytes.indices)
        bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return bytes
    }
}
