import Foundation
import MateRunDomain
@testable import MateRunRecords
@testable import MateRunScenarios
import Testing

@Suite("A kept run as a FIT activity: read back by materun's own FIT reader")
struct FITExportTests {
    /// The FIT file written for `run`, decoded by the reader `replay` uses.
    static func decoded(_ run: RunRecord) throws -> FITLog {
        try FITDecoder.decode(FITExport.bytes(run), file: "export.fit")
    }

    static func written(_ run: RunRecord) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("materun-fit-\(UUID().uuidString).fit").path
        try Data(FITExport.bytes(run)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyFixIsARecordWithItsTimePositionDistanceAltitudeHeartRateAndCadence() throws {
        // Given the 3 km run, a fix a second with altitude, heart rate and 170 steps a minute
        let run = LapExportTests.run()
        // When it is written as FIT and read back
        let log = try Self.decoded(run)
        // Then each fix is a record, to the FIT fields' resolution
        #expect(log.fileType == 4)
        #expect(log.records.count == run.fixes.count)
        for (record, fix) in zip(log.records, run.fixes) {
            #expect(record.timestamp.map { Double($0) + 631_065_600 } == run.summary.header.startedAt + fix.time)
            #expect(abs((record.latitude ?? 0) - fix.coordinate.latitude) < 1e-6)
            #expect(abs((record.longitude ?? 0) - fix.coordinate.longitude) < 1e-6)
            #expect(abs((record.distance ?? -1) - fix.distanceMetres) <= 0.005)
            #expect(abs((record.altitude ?? 0) - (fix.elevation ?? 0)) <= 0.1 + 1e-9)  // a fifth of a metre
            #expect(record.heartRate == fix.heartRate)
            #expect(record.cadence == 85)  // strides (one foot) a minute, as Garmin writes running cadence
        }
        // And the speed is the counted distance over time: 1000 m in 300 s
        #expect(log.records.dropFirst().allSatisfy { abs(($0.speed ?? 0) - 3.333) < 0.001 })
    }

    @Test func theMarkedLapsAreManualLapsAndTheSessionCarriesTheKeptDistance() throws {
        // Given the run with three laps marked by hand
        let run = LapExportTests.run()
        // When it is read back
        let log = try Self.decoded(run)
        // Then three laps, all by hand, one running session of the kept distance from the start
        #expect(log.laps == 3)
        #expect(log.manualLaps == 3)
        #expect(log.sessions.count == 1)
        #expect(log.sessions[0].sport == 1)
        #expect(abs((log.sessions[0].distance ?? 0) - run.summary.outcome.figures.distanceMetres) <= 0.005)
        #expect(log.sessions[0].start.map { Double($0) + 631_065_600 } == run.summary.header.startedAt)
    }

    @Test func aRunWithoutMarkedLapsHasALapPerSplitTriggeredByDistance() throws {
        // Given the run without laps marked (3 kilometre splits)
        var run = LapExportTests.run()
        run.summary.outcome.laps = []
        // When it is read back
        let log = try Self.decoded(run)
        // Then a lap per split, none by hand
        #expect(log.laps == 3)
        #expect(log.manualLaps == 0)
    }

    @Test func theExportReplaysAsTheSameTrack() throws {
        // Given the run written as a .fit file
        let run = LapExportTests.run()
        let path = try Self.written(run)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When materun loads it as a scenario
        let scenario = try ScenarioLoader.load(path: path)
        // Then it is a FIT run of the same fixes, starting when the run did, its laps said
        #expect(scenario.source == .fit)
        #expect(scenario.sport == .running)
        #expect(scenario.locations.count == run.fixes.count)
        #expect(scenario.startedAt == run.summary.header.startedAt)
        #expect(scenario.summary.contains("3 laps (3 by hand)"))
        let cadences = scenario.motions.compactMap(\.cadence)
        #expect(!cadences.isEmpty && cadences.allSatisfy { $0 == 170 })
    }

    @Test func theReceiversAccuracyTravelsWithEachFix() throws {
        // Given fixes whose receiver claimed 12 m
        var run = LapExportTests.run()
        for index in run.fixes.indices { run.fixes[index].horizontalAccuracy = 12 }
        let path = try Self.written(run)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is replayed
        let locations = try ScenarioLoader.load(path: path).locations
        // Then the replay filters them as the run did: with the accuracy they claimed
        #expect(locations.count == run.fixes.count)
        #expect(locations.allSatisfy { $0.horizontalAccuracy == 12 })
    }

    @Test func fixesWithinOneSecondKeepOnlyTheFirstAsFITCountsWholeSeconds() throws {
        // Given fixes five a second
        var run = LapExportTests.run()
        run.fixes = (0..<50).map { index in
            RecordedFix(
                time: Double(index) / 5, coordinate: Coordinate(latitude: 47 + Double(index) * 1e-5, longitude: 8.5),
                distanceMetres: Double(index), movingSeconds: Double(index) / 5)
        }
        // When it is read back
        let log = try Self.decoded(run)
        // Then one record a second, times rising, the distance still the counted one
        let times = log.records.compactMap(\.timestamp)
        #expect(times.count == 10)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(log.records.last?.distance == 45)
    }

    @Test func absentFiguresAreWrittenInvalidNotZero() throws {
        // Given fixes without altitude, heart rate or cadence
        var run = LapExportTests.run()
        run.fixes = run.fixes.map { fix in
            var bare = fix
            bare.elevation = nil
            bare.heartRate = nil
            bare.cadence = nil
            return bare
        }
        // When it is read back
        let log = try Self.decoded(run)
        // Then the reader finds no value, rather than a 0 bpm or an altitude of -500 m
        #expect(log.records.allSatisfy { $0.altitude == nil && $0.heartRate == nil && $0.cadence == nil })
    }

    @Test func theFileCarriesTheFITSDKsCRCs() {
        // Given the export's bytes
        let bytes = FITExport.bytes(LapExportTests.run())
        // Then the header says 14 bytes, ".FIT", the data's size, and both CRCs check (CRC of all is 0)
        #expect(bytes[0] == 14)
        #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
        let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(size + 16 == bytes.count)
        #expect(FITCRC.checksum(bytes, 0..<14) == 0)
        #expect(FITCRC.checksum(bytes, 0..<bytes.count) == 0)
    }

    @Test func aValueOutOfItsFieldsRangeIsInvalidNotWrapped() {
        // Given a speed beyond a uint16 of mm/s and a negative distance
        // When they are made fields
        let fast = FITField(6, .uint16, 70.0, scale: 1000)
        let negative = FITField(5, .uint32, -1.0, scale: 100)
        let notANumber = FITField(5, .uint32, Double.nan, scale: 100)
        // Then they are written as absent
        #expect(fast.value == nil && fast.bytes == [0xFF, 0xFF])
        #expect(negative.value == nil)
        #expect(notANumber.value == nil)
    }
}
