import MateRunDomain
import Testing

@Suite("Recorded JSON scenarios")
struct RecordedScenarioTests {
    let fixtures = Fixtures()

    @Test func recordedFixesAreKeptAsWritten() throws {
        // Given three listed fixes with elevation and accuracy
        let json = """
        {"version": 1, "name": "Recorded", "runner": {"name": "Ada", "weight_kg": 60},
         "locations": [
           {"t": 0, "lat": 37.5, "lon": 127.0, "ele": 20, "accuracy": 4},
           {"t": 1, "lat": 37.50003, "lon": 127.0},
           {"t": 2.5, "lat": 37.50006, "lon": 127.0, "ele": 21}],
         "motions": [{"t": 0, "activity": "running", "cadence": 170}]}
        """
        // When it loads
        let scenario = try fixtures.load(json: json)
        // Then the fixes are the listed ones, and the scenario is recorded with no route distance
        #expect(scenario.source == .recorded)
        #expect(scenario.routeMetres == nil)
        #expect(scenario.locations[0] == LocationSample(
            time: 0, coordinate: Coordinate(latitude: 37.5, longitude: 127.0), elevation: 20, horizontalAccuracy: 4))
        #expect(scenario.locations[1].elevation == nil && scenario.locations[1].horizontalAccuracy == nil)
        #expect(scenario.durationSeconds == 2.5)
    }

    @Test func givenMotionsAreHeldEveryWholeSecondUpToTheLastFix() throws {
        // Given motions at 0 s (walking) and 2.5 s (running), and fixes up to 6 s
        let json = """
        {"version": 1, "name": "Held",
         "locations": [{"t": 0, "lat": 37.5, "lon": 127.0}, {"t": 6, "lat": 37.5001, "lon": 127.0}],
         "motions": [{"t": 0, "activity": "walking", "cadence": 110}, {"t": 2.5, "activity": "running"}]}
        """
        // When it loads
        let motions = try fixtures.load(json: json).motions
        // Then there is one update per second, holding the last given activity
        #expect(motions.map(\.time) == [0, 1, 2, 3, 4, 5, 6])
        #expect(motions.map(\.activity) == [.walking, .walking, .walking, .running, .running, .running, .running])
        #expect(motions[1].cadence == 110 && motions[3].cadence == nil)
    }

    @Test func missingMotionsAreInferredFromSpeed() throws {
        // Given fixes: standing 3 s, walking (1.2 m/s) 3 s, running (3.3 m/s) 3 s, heading north
        let metresPerDegree = 111_000.0
        var northings = [0.0, 0.1, 0.2, 0.3]
        for _ in 0..<3 { northings.append(northings[northings.count - 1] + 1.2) }
        for _ in 0..<3 { northings.append(northings[northings.count - 1] + 3.3) }
        let fixes = northings.enumerated().map { index, north in
            #"{"t": \#(index), "lat": \#(37.5 + north / metresPerDegree), "lon": 127.0}"#
        }
        let json = #"{"version": 1, "name": "Inferred", "locations": [\#(fixes.joined(separator: ","))]}"#
        // When it loads
        let motions = try fixtures.load(json: json).motions
        // Then each second's activity follows the speed of the leg it falls in, walking below
        // running speed (standing is the tracker's to judge, from displacement)
        #expect(motions.count == 10)
        #expect(motions.map(\.activity) == [.walking, .walking, .walking, .walking, .walking, .walking, .running, .running, .running, .running])
    }
}
