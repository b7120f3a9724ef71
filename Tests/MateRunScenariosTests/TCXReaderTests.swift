import MateRunDomain
@testable import MateRunScenarios
import Testing

@Suite("TCX files as Garmin Connect and Strava export them")
struct TCXReaderTests {
    let fixtures = Fixtures()

    static func document(root: String = #"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">"#,
                         close: String = "</TrainingCenterDatabase>", _ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(root)
        \(body)
        \(close)
        """
    }

    /// `count` Trackpoints a second apart, 3 m north each, with the given extra elements.
    static func trackpoints(_ count: Int, prefix: String = "", extra: String = "") -> String {
        (0..<count).map { second in
            let latitude = 47.6 + 3 * Double(second) / 111_200
            return "<\(prefix)Trackpoint><\(prefix)Time>2024-05-18T07:00:\(second < 10 ? "0" : "")\(second)Z</\(prefix)Time>"
                + "<\(prefix)Position><\(prefix)LatitudeDegrees>\(latitude)</\(prefix)LatitudeDegrees>"
                + "<\(prefix)LongitudeDegrees>-122.3</\(prefix)LongitudeDegrees></\(prefix)Position>\(extra)</\(prefix)Trackpoint>"
        }.joined(separator: "\n")
    }

    @Test func garminConnectsExportReplaysWithItsPauseAndLaps() throws {
        // Given the run of run-pauses.fit as TCX: a second Track in the first lap after the pause
        // When it loads
        let scenario = try ScenarioLoader.load(path: DeviceFiles.path("run-pauses.tcx"))
        // Then the Track after the pause is a new segment, and the next lap is not
        #expect(scenario.source == .tcx)
        #expect(scenario.locations.count == 799)
        #expect(scenario.locations.indices.filter { scenario.locations[$0].pausesRecording } == [400])
        #expect(scenario.summary.contains("2 laps (1 by hand), 2.39 km by the device"))
        #expect(scenario.notes == ["dropped 20 Trackpoints without a Position (a pause, or indoors)"])
    }

    @Test func elementsAreMatchedByNamespaceNotPrefix() throws {
        // Given a TCX whose namespace has the prefix tcd: and whose TPX has ax:
        let text = Self.document(
            root: #"<tcd:TrainingCenterDatabase xmlns:tcd="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ax="http://www.garmin.com/xmlschemas/ActivityExtension/v2">"#,
            close: "</tcd:TrainingCenterDatabase>",
            "<tcd:Activities><tcd:Activity Sport=\"Biking\"><tcd:Lap><tcd:Track>\n"
                + Self.trackpoints(30, prefix: "tcd:", extra: "<tcd:HeartRateBpm><tcd:Value>150</tcd:Value></tcd:HeartRateBpm>"
                    + "<tcd:Extensions><ax:TPX><ax:Speed>3.0</ax:Speed></ax:TPX></tcd:Extensions>")
                + "\n</tcd:Track></tcd:Lap></tcd:Activity></tcd:Activities>")
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("prefixed.tcx", text))
        // Then its points, its sport and its heart rate are read
        #expect(scenario.locations.count == 30)
        #expect(scenario.sport == .cycling)
        #expect(scenario.motions.compactMap(\.heartRate).allSatisfy { $0 == 150 })
    }

    @Test func aTrackpointElementInAnotherNamespaceIsNotAPoint() throws {
        // Given Trackpoints of the TCX namespace, and one of another namespace in an extension
        let text = Self.document(
            "<Activities><Activity Sport=\"Running\"><Lap><Track>\n" + Self.trackpoints(10)
                + #"<Extensions><Trackpoint xmlns="urn:other"><Time>2024-05-18T07:00:30Z</Time></Trackpoint></Extensions>"#
                + "\n</Track></Lap></Activity></Activities>")
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("other.tcx", text))
        // Then only the TCX Trackpoints count
        #expect(scenario.locations.count == 10)
    }

    @Test func aDocumentOfAnotherNamespaceIsRefused() {
        // Given a TrainingCenterDatabase root without the v2 namespace
        let text = Self.document(root: "<TrainingCenterDatabase>", "<Activities/>")
        // When it loads
        let error = fixtures.error(text, name: "v1.tcx")
        // Then the error says which document was expected
        #expect(error?.place == "line 2")
        #expect(error?.expected.hasPrefix("expected a TrainingCenterDatabase v2 document") == true)
    }

    @Test func brokenXMLIsRefusedWithItsLine() {
        // Given a Trackpoint never closed
        let text = Self.document("<Activities><Activity Sport=\"Running\"><Lap><Track>\n<Trackpoint><Time>2024-05-18T07:00:00Z</Time>\n</Track></Lap></Activity></Activities>")
        // When it loads
        let error = fixtures.error(text, name: "broken.tcx")
        // Then the error names the line and says it is not well-formed
        #expect(error?.place.hasPrefix("line ") == true)
        #expect(error?.expected.hasPrefix("expected well-formed XML") == true)
    }

    @Test func aFileThatIsNotUTF8IsRefusedWithItsLine() throws {
        // Given a Trackpoint whose element name holds a byte that is not UTF-8 (the XML parser
        // underneath traps on one)
        var bytes = Array(Self.document("<Activities><Activity Sport=\"Running\"><Lap><Track>\n" + Self.trackpoints(2) + "\n</Track></Lap></Activity></Activities>").utf8)
        // (the first "P" is Position's, in the first Trackpoint, on line 4)
        let at = try #require(bytes.firstIndex(of: UInt8(ascii: "P")))
        bytes[at] = 0xA3
        // When it loads
        let error = fixtures.error(fileBytes: bytes, name: "latin.tcx")
        // Then it is refused with the line of that byte
        #expect(error?.place == "line 4")
        #expect(error?.expected == "expected UTF-8 text, found a byte that is not (0xA3)")
    }

    @Test func aProcessingInstructionWithoutDataIsRefusedWithItsLine() {
        // Given a file with `<?name?>` on its second line (found by the fuzzer: the XML parser
        // underneath crashes on one)
        let text = "<?xml version=\"1.0\"?>\n<?xmlue?>\n<TrainingCenterDatabase/>"
        // When it loads
        let error = fixtures.error(text, name: "pi.tcx")
        // Then it is refused with that line, not a crash
        #expect(error?.place == "line 2")
        #expect(error?.expected == "expected a processing instruction with data (<?name data?>), found one without")
    }

    @Test func aBadTimeIsRefusedWithItsLine() {
        // Given a Trackpoint whose Time is not a time
        let text = Self.document("<Activities><Activity Sport=\"Running\"><Lap><Track>\n<Trackpoint><Time>yesterday</Time></Trackpoint>\n</Track></Lap></Activity></Activities>")
        // When it loads
        let error = fixtures.error(text, name: "time.tcx")
        // Then the error names the line of the Time (the fourth: the body starts on the third)
        #expect(error?.place == "line 4")
        #expect(error?.expected == #"expected an ISO-8601 time like 2024-05-18T07:02:13Z in <Time>, found "yesterday""#)
    }

    @Test func aFileWithoutAnExtensionIsRecognisedByItsRoot() throws {
        // Given a TCX named without .tcx
        let text = Self.document("<Activities><Activity Sport=\"Running\"><Lap><Track>\n" + Self.trackpoints(5) + "\n</Track></Lap></Activity></Activities>")
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("export", text))
        // Then it is read as TCX
        #expect(scenario.source == .tcx)
    }
}
