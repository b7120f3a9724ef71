import Foundation
import MateRunScenarios
import Testing

@Suite("Scenario errors name the file, the place and what was expected")
struct ScenarioErrorTests {
    let fixtures = Fixtures()

    @Test func descriptionReadsFileThenPlaceThenExpectation() {
        // Given an error with all three parts
        let error = ScenarioError(
            file: "Scenarios/x.json", place: "segments[2].pace",
            expected: #"expected a pace like "5:30" (min:sec per km), found "fast""#)
        // Then it reads as one line a person can act on
        #expect(error.description == #"Scenarios/x.json: segments[2].pace: expected a pace like "5:30" (min:sec per km), found "fast""#)
    }

    @Test func aBadPaceIsReportedAtItsJSONPath() {
        // Given a third segment with a pace of "fast"
        let json = Fixtures.scripted(segments: """
            [{"pace": "5:00", "duration": 10}, {"pace": "5:00", "duration": 10}, {"pace": "fast", "duration": 10}]
            """)
        // When it loads
        let error = fixtures.error(json)
        // Then the error points at segments[2].pace and quotes the value
        #expect(error?.place == "segments[2].pace")
        #expect(error?.description.hasSuffix(#"segments[2].pace: expected a pace like "5:30" (min:sec per km, from 1:00 to 60:00), found "fast""#) == true)
        #expect(error?.file.hasSuffix("x.json") == true)
    }

    static let cases: [(json: String, place: String, expected: String)] = [
        (#"{"name": "x", "locations": []}"#, "version", #"expected "version": 1"#),
        (#"{"version": 2, "name": "x"}"#, "version", "found 2"),
        (#"{"version": 1}"#, "name", "expected a string, found nothing"),
        (#"{"version": 1, "name": "x"}"#, "", "found neither"),
        (#"{"version": 1, "name": "x", "pace": "5:00"}"#, "pace", "unknown field"),
        (#"{"version": 1, "name": "x", "runner": {"name": "A", "weight_kg": 5}, "locations": [{"t": 0, "lat": 1, "lon": 1}]}"#,
         "runner.weight_kg", "expected a weight in kg between 20 and 300, found 5"),
        (#"{"version": 1, "name": "x", "locations": []}"#, "locations", "the track is empty"),
        (#"{"version": 1, "name": "x", "locations": [{"t": 0, "lat": 91, "lon": 1}]}"#,
         "locations[0].lat", "expected a latitude in degrees between -90 and 90, found 91"),
        (#"{"version": 1, "name": "x", "locations": [{"t": 0, "lat": 1, "lon": -200}]}"#,
         "locations[0].lon", "between -180 and 180, found -200"),
        (#"{"version": 1, "name": "x", "locations": [{"t": 5, "lat": 1, "lon": 1}, {"t": 4, "lat": 1, "lon": 1}]}"#,
         "locations[1].t", "time went backwards"),
        (#"{"version": 1, "name": "x", "locations": [{"t": 0, "lat": 1, "lon": 1}], "motions": [{"t": 0, "activity": "jogging"}]}"#,
         "motions[0].activity", #"expected "still", "walking" or "running", found "jogging""#),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1], [1, 2]]}}"#, "segments", "expected segments"),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1]]}, "segments": []}"#,
         "route.waypoints", "at least 2 waypoints"),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1, 5], [1, 2]]}, "segments": [{"pace": "5:00", "duration": 1}]}"#,
         "route.waypoints[1]", "give every waypoint an elevation or none"),
        (#"{"version": 1, "name": "x", "route": {"shape": "circle", "waypoints": [[1, 1], [1, 2]]}, "segments": [{"pace": "5:00", "duration": 1}]}"#,
         "route.shape", #"found "circle""#),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1], [1, 2]]}, "segments": [{"activity": "still", "duration": 1e300}]}"#,
         "segments[0].duration", "expected a duration of at most 7 days"),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1], [1, 2]]}, "segments": [{"repeat": 1000, "segments": [{"repeat": 1000, "segments": [{"activity": "still", "duration": 1}]}]}]}"#,
         "segments[0]", "expected at most 10000 segments"),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1], [1, 2]]}, "segments": [{"repeat": 100, "segments": [{"pace": "5:00", "distance_km": 900}]}]}"#,
         "segments", "7 days"),
        (#"{"version": 1, "name": "x", "locations": [{"t": 0, "lat": 1, "lon": 1}, {"t": 1e12, "lat": 1, "lon": 1.001}]}"#,
         "locations[1].t", "expected a time within 7 days"),
        (#"{"version": 1, "name": "x", "route": {"waypoints": [[1, 1], [1, 2]]}, "segments": [{"pace": "5:00", "duration": 60}], "gps": {"signal_loss": [{"from": 0, "to": 60}]}}"#,
         "gps.signal_loss", "they cover the whole run"),
    ]

    @Test(arguments: cases)
    func everyProblemNamesItsPlace(json: String, place: String, expected: String) {
        // Given a file with one problem
        // When it loads
        let error = fixtures.error(json)
        // Then the error says where and what
        #expect(error?.place == place)
        #expect(error?.expected.contains(expected) == true, "got: \(error?.description ?? "no error")")
    }

    static let segmentCases: [(segments: String, place: String, expected: String)] = [
        (#"[{"pace": "5:00"}]"#, "segments[0]", "expected duration or distance_km"),
        (#"[{"duration": 60}]"#, "segments[0]", "expected pace or speed_kmh for a running segment"),
        (#"[{"pace": "5:00", "speed_kmh": 12, "duration": 60}]"#, "segments[0].speed_kmh", "not both"),
        (#"[{"pace": "5:00", "duration": "a while"}]"#, "segments[0].duration", #"like "12:30" (min:sec) or a number of seconds, found "a while""#),
        (#"[{"activity": "still", "pace": "5:00", "duration": 60}]"#, "segments[0].pace", "only a duration for a still segment"),
        (#"[{"repeat": 2, "segments": [{"pace": "5:61", "duration": 60}]}]"#, "segments[0].segments[0].pace", #"found "5:61""#),
        (#"[{"pace": "5:00", "distance_km": 50}]"#, "segments", #"shape "once""#),
    ]

    @Test(arguments: segmentCases)
    func segmentProblemsNameTheirPlace(segments: String, place: String, expected: String) {
        // Given a scripted file with one bad segment
        let json = Fixtures.scripted(segments: segments, shape: "once")
        // When it loads
        let error = fixtures.error(json)
        // Then the error says which segment and what
        #expect(error?.place == place)
        #expect(error?.expected.contains(expected) == true, "got: \(error?.description ?? "no error")")
    }

    static let gpsCases: [(gps: String, place: String, expected: String)] = [
        (#"{"noise_m": -1}"#, "gps.noise_m", "found -1"),
        (#"{"signal_loss": [{"from": 60, "to": 30}]}"#, "gps.signal_loss[0].to", "expected a time after from (60 s), found 30"),
        (#"{"outliers": {"distance_m": 300}}"#, "gps.outliers", "expected every_s or count"),
        (#"{"seed": 1.5}"#, "gps.seed", "whole-number seed"),
    ]

    @Test(arguments: gpsCases)
    func gpsProblemsNameTheirPlace(gps: String, place: String, expected: String) {
        // Given a scripted file with one bad receiver setting
        let error = fixtures.error(Fixtures.scripted(segments: #"[{"pace": "5:00", "duration": 60}]"#, gps: gps))
        // Then the error says which setting and what
        #expect(error?.place == place)
        #expect(error?.expected.contains(expected) == true, "got: \(error?.description ?? "no error")")
    }

    @Test func aMissingFileSaysSo() {
        // Given a path where nothing is
        let path = fixtures.directory + "/nowhere.json"
        // When it loads
        #expect(throws: ScenarioError(file: path, place: "", expected: "no such file")) {
            try ScenarioLoader.load(path: path)
        }
    }

    @Test func aDirectoryIsNotAScenario() {
        #expect(throws: ScenarioError(file: fixtures.directory, place: "", expected: "expected a scenario file, found a directory")) {
            try ScenarioLoader.load(path: fixtures.directory)
        }
    }

    @Test func brokenJSONSaysItIsNotJSON() {
        // Given a truncated JSON document
        let error = fixtures.error(#"{"version": 1, "name": "#)
        // Then the error says a JSON document was expected, and where it broke off
        #expect(error?.place == "line 1, column 24")
        #expect(error?.expected == "expected a JSON document: expected a value, found the end of the document")
    }

    @Test func aPlainListOfMoreSegmentsThanTheLimitIsRefusedBeforeItIsWalked() {
        // Given 10,001 segments listed one by one (the limit is not only for repeat groups)
        let segment = #"{"activity":"running","pace":"5:00","duration":"0:10"}"#
        let list = Array(repeating: segment, count: 10_001).joined(separator: ",")
        let error = fixtures.error(#"{"version":1,"name":"x","route":{"shape":"loop","waypoints":[[40.78,-73.96],[40.79,-73.95]]},"segments":["# + list + "]}")
        // Then the list is refused as a whole, with the limit
        #expect(error?.place == "segments")
        #expect(error?.expected == "expected at most 10000 segments, found 10001")
    }

    @Test func aKeyGivenTwiceIsRefusedWithItsLineAndColumn() {
        // Given a scenario that says its goal twice (a lenient reader would run 50 km silently)
        let error = fixtures.error("{\n  \"version\": 1,\n  \"goal_km\": 5,\n  \"goal_km\": 50\n}")
        // Then the second key is named where it stands
        #expect(error?.place == "line 4, column 3")
        #expect(error?.expected == "expected each key once in an object, found \"goal_km\" again")
    }

    @Test func aHugeValueIsQuotedShort() {
        // Given a pace of a million characters
        let pace = String(repeating: "5", count: 1_000_000)
        let error = fixtures.error(#"{"version":1,"name":"x","route":{"shape":"loop","waypoints":[[40.78,-73.96],[40.79,-73.95]]},"segments":[{"activity":"running","pace":""# + pace + #"","distance_km":1}]}"#)
        // Then the complaint quotes only its start
        #expect(error?.place == "segments[0].pace")
        #expect(error.map { $0.expected.count < 200 } == true)
        #expect(error?.expected.hasSuffix(#"found "5555555555555555555555555555555555555555…""#) == true)
    }

    @Test func anUnknownKindOfFileIsRejected() {
        // Given a text file that is neither JSON nor XML
        let error = fixtures.error("lat,lon\n1,2\n", name: "track.csv")
        // Then the loader says which formats it reads
        #expect(error?.expected == "expected a .json scenario, a .gpx, .tcx or .fit track, or an NMEA 0183 log")
    }
}
