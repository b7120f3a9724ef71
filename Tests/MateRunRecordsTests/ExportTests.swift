import Foundation
import FoundationXML
import MateRunDomain
import MateRunRecords
import Testing

@Suite struct ExportTests {
    private func record(scenario: String = "park & <ride>", fixes: [RecordedFix] = Runs.threeKilometres) -> RunRecord {
        let last = fixes.last.map(Runs.snapshot(for:)) ?? RunSnapshot()
        let summary = RunRecordSummary(
            id: RunRecordID("20261123-080000-1-abcd"), header: Runs.header(runner: "Zoë \"Z\"", scenario: scenario),
            outcome: RunRecordOutcome(figures: RunFigures(last), splits: Runs.splits(fixes), ending: .goalReached),
            bests: PersonalBests(track: fixes)
        )
        return RunRecord(summary: summary, fixes: fixes)
    }

    @Test func rawGPXIsWellFormedWithEveryFixHeartRateAndCadence() throws {
        // Given a 3 km run with heart rate and cadence, and a name that needs escaping
        let run = record()
        // When it is exported with the receiver's fixes
        let document = try XMLDocumentSummary(GPXExport.document(run, raw: true))
        // Then
        #expect(document.rootName == "gpx")
        #expect(document.count("trkpt") == run.fixes.count)
        #expect(document.count("gpxtpx:hr") == run.fixes.count)
        #expect(document.texts("gpxtpx:cad").allSatisfy { $0 == "85" })
        #expect(document.texts("gpxtpx:hr").first == "140")
        #expect(document.texts("name").first == "park & <ride> — Zoë \"Z\"")
        #expect(document.texts("time").first == "2026-11-23T08:00:00Z")
        // The last point's latitude reads back to within the 8 decimals written
        let latitude = try #require(document.attributes("trkpt").last?["lat"].flatMap(Double.init))
        #expect(abs(latitude - run.fixes[900].coordinate.latitude) <= 5e-9)
    }

    @Test func tcxHasALapPerSplitAndATrackpointPerFix() throws {
        let run = record()
        let document = try XMLDocumentSummary(TCXExport.document(run))
        #expect(document.rootName == "TrainingCenterDatabase")
        #expect(document.count("Lap") == 3)
        #expect(document.count("Trackpoint") == run.fixes.count)
        #expect(document.count("HeartRateBpm") == run.fixes.count)
        #expect(document.attributes("Activity").first?["Sport"] == "Running")
        // The lap's DistanceMeters come first, then one per trackpoint.
        #expect(document.texts("DistanceMeters").last == "3000")
    }

    @Test func aRunWithoutSplitsIsOneLapAndARunWithoutFixesIsStillValid() throws {
        let short = record(fixes: Array(Runs.threeKilometres.prefix(30)))
        #expect(try XMLDocumentSummary(TCXExport.document(short)).count("Lap") == 1)
        let empty = record(fixes: [])
        #expect(try XMLDocumentSummary(TCXExport.document(empty)).count("Trackpoint") == 0)
        #expect(try XMLDocumentSummary(GPXExport.document(empty)).count("trkpt") == 0)
    }

    @Test func aFinalPartialKilometreIsItsOwnLap() throws {
        let run = record(fixes: Array(Runs.threeKilometres.prefix(451)))  // 1.5 km
        let laps = try XMLDocumentSummary(TCXExport.document(run))
        #expect(laps.count("Lap") == 2)
        #expect(laps.texts("TriggerMethod") == ["Distance", "Manual"])
    }

    @Test func xmlTextEscapesMarkupAndDropsWhatXMLCannotHold() {
        #expect(XMLText.escaped("a<b>&\"c'\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(XMLText.decimal(-0.000000001, places: 8) == "0")
        #expect(XMLText.decimal(47.123456789, places: 8) == "47.12345679")
        #expect(XMLText.decimal(-8.5, places: 2) == "-8.5")
        #expect(XMLText.decimal(12, places: 3) == "12")
    }
}

/// What XMLParser saw in a document: element counts, texts and attributes, or the parse error.
struct XMLDocumentSummary {
    private final class Collector: NSObject, XMLParserDelegate {
        var root: String?
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String: [String]] = [:]
        private var open: [(name: String, text: String)] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = name }
            elements.append((name, attributes))
            open.append((name, ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !open.isEmpty { open[open.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = open.popLast() else { return }
            texts[element.name, default: []].append(element.text)
        }
    }

    struct ParseFailure: Error {
        var description: String
    }

    private let collector = Collector()

    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailure(description: "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "?")")
        }
    }

    var rootName: String? { collector.root }
    func count(_ name: String) -> Int { collector.elements.filter { $0.name == name }.count }
    func texts(_ name: String) -> [String] { collector.texts[name] ?? [] }
    func attributes(_ name: String) -> [[String: String]] { collector.elements.filter { $0.name == name }.map(\.attributes) }
    /// Every element in document order.
    var sequence: [(name: String, attributes: [String: String])] { collector.elements }
}

@Suite struct ExportFormatTests {
    @Test func eachFormatWordNamesItsWriter() {
        let run = RunRecord(
            summary: RunRecordSummary(
                id: RunRecordID("x"), header: Runs.header(),
                outcome: RunRecordOutcome(figures: RunFigures(), splits: [], ending: .cancelled), bests: PersonalBests()
            ),
            fixes: []
        )
        #expect(ExportFormat(rawValue: "gpx")?.bytes(run) == Array(GPXExport.document(run).utf8))
        #expect(ExportFormat(rawValue: "tcx")?.bytes(run) == Array(TCXExport.document(run).utf8))
        #expect(ExportFormat(rawValue: "fit")?.bytes(run) == FITExport.bytes(run))
        #expect(ExportFormat(rawValue: "kml") == nil)
    }
}

@Suite struct AbsurdNumbersTests {
    @Test func hugeNumbersInAStoreFileAreReadFromTheJournalNotACrash() throws {
        // Given a kept run whose run.json carries an absurd number
        let temporary = TemporaryStore()
        let kept = try Runs.keep(Array(Runs.threeKilometres.prefix(3)), in: temporary.store)
        let file = temporary.path("\(kept.id.rawValue)/run.json")
        let text = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "\"utc_offset_s\":3600", with: "\"utc_offset_s\":1e300")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        // When the store is listed
        let listing = temporary.store.list()
        // Then the run is read from its journal instead, and the listing names the field
        #expect(listing.runs == [kept])
        #expect(listing.readFromJournal.first?.reason.contains("utc_offset_s") == true)
    }

    @Test func exportsWriteAbsurdFiguresWithoutOverflowing() throws {
        let fix = RecordedFix(
            time: 1e12, coordinate: Coordinate(latitude: 47, longitude: 8), elevation: 1e300, heartRate: 1e12, cadence: -1e12,
            distanceMetres: -1e12, movingSeconds: 0
        )
        let run = RunRecord(
            summary: RunRecordSummary(
                id: RunRecordID("x"), header: Runs.header(at: 1e15),
                outcome: RunRecordOutcome(figures: RunFigures(distanceMetres: 1e-300), splits: [], ending: .interrupted),
                bests: PersonalBests()
            ),
            fixes: [fix]
        )
        #expect(try XMLDocumentSummary(GPXExport.document(run)).count("trkpt") == 1)
        #expect(try XMLDocumentSummary(TCXExport.document(run)).count("Trackpoint") == 1)
    }
}
