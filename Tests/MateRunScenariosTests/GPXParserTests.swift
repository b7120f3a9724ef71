import Foundation
@testable import MateRunScenarios
import MateRunDomain
import Testing

@Suite("GPX tracks")
struct GPXParserTests {
    let fixtures = Fixtures()

    static func gpx(_ body: String, header: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- exported for a test -->
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        \(header)<trk><trkseg>
        \(body)
        </trkseg></trk>
        </gpx>
        """
    }

    @Test func pointsAreReadWithAttributesInEitherOrderAndEitherQuote() throws {
        // Given points written three ways
        let text = Self.gpx("""
            <trkpt lat="47.6000" lon="-122.3000"><ele>10.5</ele><time>2024-05-18T07:00:00Z</time></trkpt>
            <trkpt lon='-122.3001' lat='47.6001'><time>2024-05-18T07:00:01Z</time><ele>11</ele></trkpt>
            <trkpt  lat = "47.6002"
                    lon="-122.3002" ><time>2024-05-18T07:00:02Z</time></trkpt>
            """)
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("run.gpx", text))
        // Then all three points are there, in order, timed from the first
        #expect(scenario.locations.map(\.time) == [0, 1, 2])
        #expect(scenario.locations[1].coordinate == Coordinate(latitude: 47.6001, longitude: -122.3001))
        #expect(scenario.locations.map(\.elevation) == [10.5, 11, nil])
        #expect(scenario.source == .gpx && scenario.runner == nil && scenario.routeMetres == nil)
    }

    @Test func fractionalSecondsAndTimeZoneOffsetsAreHonoured() throws {
        // Given times with fractions, an offset and a zone-less UTC time
        let text = Self.gpx("""
            <trkpt lat="1" lon="1"><time>2024-05-18T07:00:00.250Z</time></trkpt>
            <trkpt lat="1" lon="1.00001"><time>2024-05-18T09:00:01.5+02:00</time></trkpt>
            <trkpt lat="1" lon="1.00002"><time>2024-05-18T02:00:03-0500</time></trkpt>
            <trkpt lat="1" lon="1.00003"><time>2024-05-18T07:00:04</time></trkpt>
            """)
        // When it loads
        let times = try ScenarioLoader.load(path: fixtures.write("tz.gpx", text)).locations.map(\.time)
        // Then they are seconds from the first point, in UTC
        #expect(times == [0, 1.25, 2.75, 3.75])
    }

    @Test func selfClosingPointsExtensionsWaypointsAndRoutesAreHandled() throws {
        // Given a file with a waypoint, a route, a comment inside the track and extensions
        let text = """
        <?xml version="1.0"?>
        <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1">
          <metadata><name>Metadata name</name></metadata>
          <wpt lat="5" lon="5"><time>2000-01-01T00:00:00Z</time><name>Water</name></wpt>
          <rte><rtept lat="6" lon="6"><time>1999-01-01T00:00:00Z</time></rtept></rte>
          <trk><name>Morning &amp; river</name><trkseg>
            <!-- <trkpt lat="9" lon="9"> -->
            <trkpt lat="1" lon="1"><time>2024-01-01T00:00:00Z</time>
              <extensions><hr>120</hr><time>garbage</time></extensions></trkpt>
            <gpx:trkpt lat="1.0001" lon="1"><time>2024-01-01T00:00:02Z</time></gpx:trkpt>
          </trkseg></trk>
        </gpx:gpx>
        """
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("mixed.gpx", text))
        // Then only the track's points count, and the name is the track's
        #expect(scenario.locations.count == 2)
        #expect(scenario.locations.map(\.time) == [0, 2])
        #expect(scenario.name == "Morning & river")
    }

    @Test func theNameFallsBackToMetadataThenToTheFileName() throws {
        let point = #"<trkpt lat="1" lon="1"><time>2024-01-01T00:00:00Z</time></trkpt>"#
        let withMetadata = try ScenarioLoader.load(
            path: fixtures.write("a.gpx", Self.gpx(point, header: "<metadata><name>From metadata</name></metadata>")))
        let bare = try ScenarioLoader.load(path: fixtures.write("evening-run.gpx", Self.gpx(point)))
        #expect(withMetadata.name == "From metadata")
        #expect(bare.name == "evening-run")
    }

    @Test func motionIsInferredAtOneHertzFromSpeedButNeverClaimsStill() throws {
        // Given 10 s standing, then 10 s at about 3 m/s
        var points: [String] = []
        for second in 0...20 {
            let north = second <= 10 ? 0 : Double(second - 10) * 3
            let time = String(format: "2024-01-01T00:00:%02dZ", second)
            points.append(#"<trkpt lat="\#(50 + north / 111_200)" lon="8"><time>\#(time)</time></trkpt>"#)
        }
        // When it loads
        let motions = try ScenarioLoader.load(path: fixtures.write("m.gpx", Self.gpx(points.joined(separator: "\n")))).motions
        // Then each second is walking (never still: standing is the tracker's to judge, from
        // displacement, since a speed between fixes cannot tell a slow climb from a stop), then running
        #expect(motions.count == 21)
        #expect(motions[5].activity == .walking && motions[15].activity == .running)
    }

    static let errorCases: [(body: String, line: Int, expected: String)] = [
        ("<trkpt lat=\"1\" lon=\"1\"><time>2024-01-01T00:00:00Z</time><extensions><hr>fast</hr></extensions></trkpt>",
         5, #"expected a number in <hr>, found "fast""#),
        ("<trkpt lat=\"1\" lon=\"1\">\n<ele>high</ele><time>2024-01-01T00:00:00Z</time></trkpt>", 6, #"found "high""#),
        ("<trkpt lat=\"1\" lon=\"1\"><time>yesterday</time></trkpt>", 5, #"ISO-8601 time like 2024-05-18T07:02:13Z in <time>, found "yesterday""#),
    ]

    @Test(arguments: errorCases)
    func aBadPointIsReportedWithItsLine(body: String, line: Int, expected: String) {
        // Given a track with one bad point
        // When it loads
        let error = fixtures.error(Self.gpx(body), name: "bad.gpx")
        // Then the error names the line and what was wrong
        #expect(error?.place == "line \(line)")
        #expect(error?.expected.contains(expected) == true, "got: \(error?.description ?? "no error")")
    }

    @Test func strayPointsAreDroppedAndCountedNeverTheFile() throws {
        // Given an eTrex-like track with a point without lat/lon, one whose lat is not a number,
        // one beyond the pole and one at 0,0 among good points
        let good = (0..<10).map { #"<trkpt lat="47.\#($0)" lon="8"><time>2024-01-01T00:00:0\#($0)Z</time></trkpt>"# }
        let body = [good[0], #"<trkpt lon="8"><time>2024-01-01T00:00:00Z</time></trkpt>"#, good[1],
                    #"<trkpt lat="1.x" lon="8"/>"#, good[2], #"<trkpt lat="95" lon="8"/>"#, good[3],
                    #"<trkpt lat="0" lon="0"/>"#] + good[4...]
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("stray.gpx", Self.gpx(body.joined(separator: "\n"))))
        // Then the good points replay, and a note counts the others with the first one's line
        #expect(scenario.locations.count == 10)
        #expect(scenario.notes == [
            "dropped 2 points without a usable lat/lon (the first at line 6)",
            "dropped 2 points at an impossible position, such as 0,0 or a latitude beyond 90 (the first at line 10)",
        ])
    }

    @Test func aTrackOfOnlyStrayPointsSaysSo() {
        // Given a track whose only point has no position
        let error = fixtures.error(Self.gpx(#"<trkpt lon="8"><time>2024-01-01T00:00:00Z</time></trkpt>"#), name: "none.gpx")
        // Then the track is empty, and the error says why
        #expect(error?.expected.hasSuffix("the track is empty (1 without a usable position)") == true)
    }

    @Test func anEmptyTrackIsAnError() {
        let error = fixtures.error(Self.gpx(""), name: "empty.gpx")
        #expect(error?.expected.contains("the track is empty") == true)
    }

    @Test func aNonGPXDocumentIsAnError() {
        let error = fixtures.error("<?xml version=\"1.0\"?>\n<kml><Document/></kml>", name: "route.gpx")
        #expect(error?.place == "line 2")
        #expect(error?.expected == "expected a <gpx> document, found <kml>")
    }

    @Test func anUnclosedTagIsReportedWhereItStarts() {
        let error = fixtures.error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"1\"", name: "cut.gpx")
        #expect(error?.place == "line 3")
    }

    @Test(arguments: [
        (1970, 1, 1, 0), (2000, 3, 1, 11_017), (2024, 5, 18, 19_861), (1969, 12, 31, -1), (2100, 3, 1, 47_541),
    ] as [(Int64, Int64, Int64, Int64)])
    func civilDatesConvertToEpochDays(year: Int64, month: Int64, day: Int64, days: Int64) {
        #expect(CivilTime.daysFromCivil(year: year, month: month, day: day) == days)
    }

    @Test(arguments: ["47.644548", "-122.326897", "0.5", "1e3", "-0.000001", "12345678901234567890.5", "100", "3.14159265358979"])
    func decimalsMatchTheStandardLibrary(text: String) {
        let bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeBufferPointer { DecimalText.parse($0, from: 0, to: $0.count) }
        #expect(parsed == Double(text))
    }
}
