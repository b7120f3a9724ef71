import Foundation
import MateRunDomain
@testable import MateRunScenarios
import Testing

@Suite("NMEA 0183 logs replayed: sentences, cycles, dates, clock steps, damaged lines")
struct NMEALogTests {
    typealias F = NMEAFixtures

    static func read(_ lines: [String]) throws -> NMEALog {
        try NMEALogReader.read(F.bytes(lines), file: "log.nmea")
    }

    static func scenario(_ lines: [String], name: String = "log.nmea") throws -> Scenario {
        try ScenarioLoader.load(bytes: F.bytes(lines), path: name)
    }

    // MARK: - Sentences

    @Test func aSentenceIsReadWithAnyTalkerAndWhateverALoggerPutBeforeIt() throws {
        // Given sentences from GPS, multi-constellation and BeiDou talkers, one behind a logger's stamp
        let lines = [F.sentence("GNGGA,080000.00,,,,,0,00,,,M,,M,,"), "12:00:01 " + F.sentence("BDRMC,080000.00,V,,,,,,,060524,,,N")]
        // When they are read
        let sentences = lines.map { NMEASentence.read($0[...]) }
        // Then both are sentences of their type, fields kept
        #expect(try sentences[0].get().type == "GGA")
        #expect(try sentences[1].get().type == "RMC")
        #expect(try sentences[1].get()[8] == "060524")
    }

    @Test func aDamagedChecksumOrNoneAtAllIsRefused() {
        // Given a sentence with one changed character, one without its checksum, and plain text
        let good = F.sentence("GPGGA,080000.00,4700.000000,N,00830.000000,E,1,08,0.5,410.0,M,48.0,M,,")
        let damaged = good.replacingOccurrences(of: "4700.0", with: "4800.0")
        let bare = String(good.prefix { $0 != "*" })
        // Then each is refused for its reason
        #expect(NMEASentence.read(damaged[...]) == .failure(.badChecksum))
        #expect(NMEASentence.read(bare[...]) == .failure(.noChecksum))
        #expect(NMEASentence.read("hello world"[...]) == .failure(.notASentence))
        #expect((try? NMEASentence.read(good[...]).get()) != nil)
    }

    @Test func fieldsThatAreNotWhatTheySayReadAsAbsent() {
        #expect(NMEAFields.angle("4730.000000", hemisphere: "S", degreeDigits: 2) == -47.5)
        #expect(NMEAFields.angle("00830.0", hemisphere: "W", degreeDigits: 3) == -8.5)
        #expect(NMEAFields.angle("4775.0", hemisphere: "N", degreeDigits: 2) == nil)  // 75 minutes
        #expect(NMEAFields.angle("47x0.0", hemisphere: "N", degreeDigits: 2) == nil)
        #expect(NMEAFields.angle("4730.0", hemisphere: "Q", degreeDigits: 2) == nil)
        #expect(NMEAFields.timeOfDay("235959.50") == 86_399.5)
        #expect(NMEAFields.timeOfDay("246000") == nil)
        #expect(NMEAFields.day(ddmmyy: "310424") == nil)  // 31 April
        #expect(NMEAFields.day(ddmmyy: "060524") == 19_849)
        #expect(NMEAFields.number("1e999") == nil)
        #expect(NMEAFields.number("nan") == nil)
    }

    // MARK: - A log

    @Test func eachCycleOfGGAAndRMCIsOneDatedFixWithItsAltitudeAccuracyAndSpeed() throws {
        // Given a minute walking north at 3 m/s, GGA (HDOP 0.5, 410 m above the geoid, geoid 48 m) and RMC a second
        let lines = (0...60).flatMap { F.cycle($0) }
        // When it is read
        let log = try Self.read(lines)
        // Then 61 fixes, a second apart from 2024-05-06T08:00:00Z, at the ellipsoid height gpsd reports
        #expect(log.fixes.count == 61)
        #expect(log.fixes.map(\.unixTime) == (0...60).map { F.startUnix + Double($0) })
        #expect(log.fixes.allSatisfy { $0.altitude == 458 && $0.hdop == 0.5 })
        #expect(log.fixes.allSatisfy { abs(($0.speed ?? 0) - 3) < 0.001 })
        #expect(log.counts.sentences == 122)
        #expect(log.counts.badChecksum == 0)
    }

    @Test func aLogReplaysAsATrackOfItsFixesWithGpsdsAccuracyPerHDOP() throws {
        // Given the minute's log
        let scenario = try Self.scenario((0...60).flatMap { F.cycle($0) })
        // Then it is an NMEA track of 61 points over a minute, 180 m, claiming 0.5 × 19 m
        #expect(scenario.source == .nmea)
        #expect(scenario.summary.hasPrefix("NMEA track, 61 points over"))
        #expect(scenario.locations.count == 61)
        #expect(scenario.startedAt == F.startUnix)
        #expect(scenario.locations.allSatisfy { $0.horizontalAccuracy == 9.5 })
        let metres = zip(scenario.locations, scenario.locations.dropFirst()).reduce(0.0) {
            $0 + Geodesic.distance(from: $1.0.coordinate, to: $1.1.coordinate)
        }
        #expect(abs(metres - 180) < 1)
    }

    @Test func badChecksumsAreSkippedCountedAndReported() throws {
        // Given the minute's log with three RMC sentences damaged on the wire
        var lines = (0...60).flatMap { F.cycle($0) }
        for index in [21, 41, 61] { lines[index] = lines[index].replacingOccurrences(of: ",A,", with: ",B,") }
        // When it loads
        let log = try Self.read(lines)
        let scenario = try Self.scenario(lines)
        // Then no fix is lost (their GGA carries the cycle), and the skip is said
        #expect(log.counts.badChecksum == 3)
        #expect(log.fixes.count == 61)
        #expect(scenario.notes.contains("skipped 3 sentences with a bad checksum"))
    }

    @Test func cyclesWithoutAFixAreCountedNotReplayed() throws {
        // Given ten seconds whose receiver says its fix is void (RMC V, GGA quality 0)
        var lines = (0...30).flatMap { F.cycle($0) }
        for index in 20..<40 {
            lines[index] = F.sentence(String(lines[index].dropFirst().prefix { $0 != "*" })
                .replacingOccurrences(of: ",A,", with: ",V,").replacingOccurrences(of: "E,1,08", with: "E,0,00"))
        }
        // When it is read
        let log = try Self.read(lines)
        // Then those cycles give no fix, the others do
        #expect(log.counts.withoutFix == 10)
        #expect(log.fixes.count == 21)
    }

    @Test func vtgAndGsaGiveTheirCyclesSpeedAndAccuracyAndGsaMayVoidIt() throws {
        // Given GGA cycles without speed, each followed by VTG (10.8 km/h) and GSA (HDOP 2.0), the last GSA saying no fix
        let lines = (0...5).flatMap { second -> [String] in
            [F.cycle(second)[0], F.cycle(second)[1],
             F.sentence("GPVTG,0.0,T,,M,5.832,N,10.800,K,A"),
             F.sentence("GNGSA,A,\(second == 5 ? 1 : 3),01,02,03,04,,,,,,,,,1.5,2.0,1.0")]
        }
        // When it is read
        let log = try Self.read(lines)
        // Then the speed is VTG's in km/h, the HDOP GSA's, and the voided cycle is none
        #expect(log.fixes.count == 5)
        #expect(log.fixes.allSatisfy { abs(($0.speed ?? 0) - 3) < 1e-9 && $0.hdop == 2.0 })
        #expect(log.counts.withoutFix == 1)
    }

    @Test func gllGivesAFixAndZDAItsDate() throws {
        // Given GLL sentences only, and a ZDA in the third cycle
        let lines = (0...4).flatMap { second -> [String] in
            let time = F.clock(8 * 3600 + second)
            var cycle = [F.sentence("GPGLL,\(F.latitude(F.north(Double(second) * 3))),\(F.longitude(8.5)),\(time),A,A")]
            if second == 2 { cycle.append(F.sentence("GPZDA,\(time),06,05,2024,00,00")) }
            return cycle
        }
        // When it is read
        let log = try Self.read(lines)
        // Then five fixes, the first two dated by the ZDA that came after them
        #expect(log.fixes.map(\.unixTime) == (0...4).map { F.startUnix + Double($0) })
    }

    @Test func ggaCyclesAfterMidnightWithoutAnRMCAreTheNextDay() throws {
        // Given an RMC dated 2024-05-06 at 23:59:58, then GGA alone across midnight
        let rmc = F.sentence("GPRMC,235958.00,A,\(F.latitude(47)),\(F.longitude(8.5)),5.8,0.0,060524,,,A")
        let ggas = [86_399, 0, 1].enumerated().map { index, second in
            F.sentence("GPGGA,\(F.clock(second)),\(F.latitude(F.north(Double(index + 1) * 3))),\(F.longitude(8.5)),1,08,0.5,410.0,M,48.0,M,,")
        }
        // When it is read
        let log = try Self.read([rmc] + ggas)
        // Then the times carry on over midnight, a second apart
        let midnight = F.startUnix + 16 * 3600
        #expect(log.fixes.map(\.unixTime) == [midnight - 2, midnight - 1, midnight, midnight + 1])
    }

    @Test func aClockSteppingBackWhilePositionCarriesOnIsReanchoredAsTrackDoes() throws {
        // Given 30 s of walking, then the receiver's clock 20 s back while it walks on
        let before = (0...30).flatMap { F.cycle($0) }
        let after = (31...40).flatMap { F.cycle($0 - 21, at: Double($0) * 3) }
        // When it is read
        let log = try Self.read(before + after)
        // Then no fix is lost and times carry on a second apart, the step counted and said
        #expect(log.fixes.count == 41)
        #expect(log.fixes.map(\.unixTime) == (0...40).map { F.startUnix + Double($0) })
        #expect(log.counts.clockStepsBack == 1)
        #expect(try Self.scenario(before + after).notes.contains { $0.hasPrefix("the receiver's clock stepped back once") })
    }

    @Test func olderFixesFromElsewhereAreDroppedNotReanchored() throws {
        // Given the minute's log followed by an earlier minute 8 km to the east (old data appended)
        let lines = (0...60).flatMap { F.cycle($0) }
        let older = (0...60).flatMap { F.cycle($0 - 120, east: 8.6) }
        // When it is read
        let log = try Self.read(lines + older)
        // Then the older minute is dropped, not re-anchored
        #expect(log.fixes.count == 61)
        #expect(log.counts.timeWentBack == 61)
        #expect(log.counts.clockStepsBack == 0)
    }

    // MARK: - Errors

    @Test func aLogWithoutADateSaysWhatItNeeds() {
        // Given GGA sentences only
        let lines = (0...5).map { F.cycle($0)[0] }
        // Then the error names the missing sentence
        do {
            _ = try Self.read(lines)
            Issue.record("a log without a date loaded")
        } catch {
            #expect("\(error)".contains("expected a date in the log (an RMC or ZDA sentence)"))
        }
    }

    @Test func aLogWithoutAFixSaysWhatItFound() {
        // Given only void cycles and two damaged lines
        let lines = [F.sentence("GPRMC,080000.00,V,,,,,,,060524,,,N"), "$GPGGA,garbage*00", "nothing here"]
        do {
            _ = try Self.read(lines)
            Issue.record("a log without a fix loaded")
        } catch {
            #expect("\(error)".contains("expected NMEA sentences with a fix (GGA, RMC or GLL), found 1 sentence in 1 cycle without a fix, 1 with a bad checksum, 1 line of no sentence"))
        }
    }

    @Test func aLogOrTextFileIsReadAsNMEAByItsContentAndOtherTextIsNot() throws {
        // Given the minute's log named .log, and a .txt of prose
        let log = try ScenarioLoader.load(bytes: F.bytes((0...60).flatMap { F.cycle($0) }), path: "receiver.log")
        // Then the log loads as NMEA, the prose is refused as no known format
        #expect(log.source == .nmea)
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(bytes: Array("a note\n".utf8), path: "notes.txt") }
    }

    @Test func aDirectoryListsItsNMEALogsAndNotItsOtherTextFiles() throws {
        // Given a directory with an .nmea log, a .log of NMEA, and a .txt of prose
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("materun-nmea-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = Data(F.bytes((0...10).flatMap { F.cycle($0) }))
        try log.write(to: directory.appendingPathComponent("walk.nmea"))
        try log.write(to: directory.appendingPathComponent("receiver.log"))
        try Data("a note\n".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        // When it is listed
        let listing = try BundledScenarios.list(in: directory.path)
        // Then both logs are scenarios, the prose is not listed
        #expect(listing.map(\.file) == ["receiver.log", "walk.nmea"])
        #expect(listing.allSatisfy { $0.problem == nil })
    }

    // MARK: - Hostile input

    @Test func garbageNeverCrashesTheReader() {
        // Given lines cut, spliced and sprinkled with random bytes, from a seeded generator
        var random = SplitMix(seed: 40)
        let clean = (0...30).flatMap { F.cycle($0) }
        for _ in 0..<300 {
            var bytes = Array(F.bytes(clean))
            for _ in 0..<Int(random.next() % 40) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.insert(contentsOf: Array("$GPRMC,,*".utf8), at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 50)))
                default: bytes.insert(UInt8(ascii: "\n"), at: at)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            // When each is read
            // Then it gives a log or a ScenarioError, never a crash, and never a fix out of range
            if let log = try? NMEALogReader.read(bytes, file: "fuzz.nmea") {
                #expect(log.fixes.allSatisfy { abs($0.coordinate.latitude) <= 90 && abs($0.coordinate.longitude) <= 180 })
                #expect(zip(log.fixes, log.fixes.dropFirst()).allSatisfy { $0.unixTime < $1.unixTime })
            }
            _ = try? ScenarioLoader.load(bytes: bytes, path: "fuzz.nmea")
        }
        // And pure noise, huge lines and lone separators are refused with an error
        for noise in [[UInt8](repeating: 0x24, count: 5000), Array(repeating: UInt8(ascii: "\n"), count: 100), (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }] {
            #expect(throws: ScenarioError.self) { try NMEALogReader.read(noise, file: "noise.nmea") }
        }
    }
}

/// A seeded generator for the hostile inputs, so that a failure is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
