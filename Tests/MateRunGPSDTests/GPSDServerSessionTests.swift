import MateRunDomain
import MateRunGPSD
import MateRunJSON
import Testing

@Suite("The gpsd-compatible server's protocol: commands answered, epochs sent to watchers")
struct GPSDServerSessionTests {
    static let device = GPSDReports.Device(path: "materun", activated: 1_795_420_800)
    static let fix = ReceiverFix(
        unixTime: 1_795_420_805.25, coordinate: Coordinate(latitude: 47.123456789, longitude: 8.5), altitude: 410.5,
        horizontalAccuracy: 5, speed: 3.25, course: 12.5)
    static let report = ReceiverFixReport(fix: fix, nmea: "$GPGGA,...\r\n")

    /// The JSON objects of `text`, one a line.
    static func objects(_ text: String) -> [JSONObject] {
        text.split(separator: "\r\n").compactMap { try? JSONParser.parse(Array($0.utf8)).objectValue }
    }

    static func classes(_ text: String) -> [String] {
        objects(text).compactMap { object in
            if case .string(let name)? = object["class"] { return name }
            return nil
        }
    }

    @Test func aClientIsGreetedWithVersionAndSentNothingUntilItWatches() {
        // Given a new client
        let session = GPSDServerSession(device: Self.device)
        // Then it is greeted with gpsd's VERSION, and an epoch sends it nothing
        #expect(Self.classes(session.greeting) == ["VERSION"])
        #expect(session.greeting.contains("\"proto_major\":3"))
        #expect(session.epoch(Self.report).isEmpty)
    }

    @Test func watchIsAnsweredWithDevicesAndWatchThenEachEpochIsATPVAndASky() {
        // Given a client that sends gpspipe -w's request
        var session = GPSDServerSession(device: Self.device)
        let answer = session.take(line: Array(#"?WATCH={"enable":true,"json":true};"#.utf8), latest: nil)
        // Then it is told the device and its watch, and each epoch is a TPV and a SKY
        #expect(Self.classes(answer) == ["DEVICES", "WATCH"])
        #expect(Self.classes(session.epoch(Self.report)) == ["TPV", "SKY"])
    }

    @Test func theTPVIsReadBackByMaterunsOwnGpsdClientAsTheSameFix() throws {
        // Given a watching client's epoch
        var session = GPSDServerSession(device: Self.device)
        _ = session.take(line: Array(#"?WATCH={"enable":true}"#.utf8), latest: nil)
        let lines = session.epoch(Self.report).split(separator: "\r\n").map { Array($0.utf8) }
        // When `track`'s reader of gpsd's reports takes it
        var merger = TPVEpochMerger()
        for line in lines { _ = merger.take(line: line) }
        let flushed = merger.flush()
        let read = try #require(flushed)
        // Then it is the fix: time, position, altitude, accuracy, speed and course
        #expect(abs(read.unixTime - Self.fix.unixTime) < 0.001)
        #expect(abs(read.coordinate.latitude - 47.123456789) < 1e-9)
        #expect(read.coordinate.longitude == 8.5)
        #expect(read.altitude == 410.5)
        #expect(read.horizontalAccuracy == 5)
        #expect(read.speed == 3.25)
        #expect(read.course == 12.5)
    }

    @Test func pollVersionAndDevicesAreAnsweredOnOneLine() {
        // Given a client that asks three things at once, after the first fix
        var session = GPSDServerSession(device: Self.device)
        let answer = session.take(line: Array("?POLL;?VERSION;?DEVICES;".utf8), latest: Self.report)
        // Then each is answered in order, the POLL with the latest fix
        #expect(Self.classes(answer) == ["POLL", "VERSION", "DEVICES"])
        let poll = Self.objects(answer)[0]
        #expect(poll["active"] == .integer(1))
        #expect(answer.contains("\"time\":\"2026-11-23T08:00:05.250Z\""))
    }

    @Test func aPollBeforeTheFirstFixSaysNoneIsActive() {
        var session = GPSDServerSession(device: Self.device)
        let poll = Self.objects(session.take(line: Array("?POLL;".utf8), latest: nil))
        #expect(poll.first?["active"] == .integer(0))
        #expect(poll.first?["tpv"] == .array([]))
    }

    @Test func aWatchForNMEASendsTheEpochsSentences() {
        // Given a client watching raw NMEA (gpspipe -r)
        var session = GPSDServerSession(device: Self.device)
        _ = session.take(line: Array(#"?WATCH={"enable":true,"nmea":true}"#.utf8), latest: nil)
        // Then it gets the sentences, not JSON
        #expect(session.epoch(Self.report) == "$GPGGA,...\r\n")
    }

    @Test func disablingTheWatchStopsTheEpochs() {
        var session = GPSDServerSession(device: Self.device)
        _ = session.take(line: Array(#"?WATCH={"enable":true,"json":true}"#.utf8), latest: nil)
        let answer = session.take(line: Array(#"?WATCH={"enable":false}"#.utf8), latest: nil)
        #expect(answer.contains("\"enable\":false"))
        #expect(session.epoch(Self.report).isEmpty)
    }

    @Test func whatIsNotGpsdsIsAnsweredWithAnErrorAndCounted() {
        // Given a client that sends a stranger's words, a broken watch, and too many commands
        var session = GPSDServerSession(device: Self.device)
        let unknown = session.take(line: Array("GET / HTTP/1.1".utf8), latest: nil)
        let broken = session.take(line: Array("?WATCH={enable:".utf8), latest: nil)
        let flood = session.take(line: Array(String(repeating: "?VERSION;", count: 20).utf8), latest: nil)
        // Then gpsd's ERROR answers each, they are counted, and a line's commands are bounded
        #expect(Self.classes(unknown) == ["ERROR"])
        #expect(Self.classes(broken) == ["ERROR"])
        #expect(Self.classes(flood).count == GPSDServerSession.maxCommandsPerLine)
        #expect(session.refused == 2 + 20 - GPSDServerSession.maxCommandsPerLine)
        #expect(session.watch == GPSDWatch())
    }
}
