import Foundation
@testable import MateRunScenarios
import MateRunDomain
import Testing

@Suite("Scripted JSON scenarios")
struct ScriptedScenarioTests {
    let fixtures = Fixtures()

    @Test func aFiveKilometreRunFitsInADozenLines() throws {
        // Given a hand-written 5 km loop
        let json = """
        {
          "version": 1, "name": "Lunch 5K", "description": "Round the reservoir",
          "runner": {"name": "Mina", "weight_kg": 58}, "goal_km": 5,
          "route": {"shape": "loop", "waypoints": [
            [40.7814, -73.9626], [40.7855, -73.9580], [40.7896, -73.9626], [40.7855, -73.9672]]},
          "segments": [{"pace": "6:00", "distance_km": 5}]
        }
        """
        // When it loads
        let scenario = try fixtures.load(json: json)
        // Then it is a scripted 5 km run at 6:00/km, one fix and one motion update per second
        #expect(scenario.name == "Lunch 5K")
        #expect(scenario.summary == "Round the reservoir")
        #expect(scenario.runner == RunnerProfile(name: "Mina", weightKilograms: 58))
        #expect(scenario.goalMetres == 5000)
        #expect(scenario.source == .scripted)
        #expect(abs((scenario.routeMetres ?? 0) - 5000) < 1e-6)
        #expect(abs(scenario.durationSeconds - 1800) < 1e-6)
        #expect(scenario.locations.count == 1801)
        #expect(scenario.motions.count == 1801)
        #expect(scenario.motions.allSatisfy { $0.activity == .running && $0.time == $0.time.rounded() })
    }

    @Test func routeDistanceEqualsTheSumOfSegmentDistances() throws {
        // Given segments given by pace, speed, duration and distance
        let json = Fixtures.scripted(segments: """
            [{"activity": "walking", "speed_kmh": 5, "duration": "2:00"},
             {"activity": "running", "pace": "5:00", "distance_km": 1.2},
             {"activity": "still", "duration": 30},
             {"activity": "running", "pace": "4:30", "duration": 95.5}]
            """)
        // When it loads without noise
        let scenario = try fixtures.load(json: json)
        // Then the route distance is the sum of the segments and the fixes trace it
        let walking: Double = 5 / 3.6 * 120
        let fast: Double = 1000 / 270 * 95.5
        let expected = walking + 1200 + fast
        #expect(abs((scenario.routeMetres ?? 0) - expected) < 1e-6)
        #expect(abs(trackLength(scenario.locations) - expected) / expected < 0.002)
        #expect(abs(scenario.durationSeconds - (120 + 360 + 30 + 95.5)) < 1e-6)
        #expect(scenario.locations.last?.time == scenario.durationSeconds)
    }

    @Test func motionIsTheSegmentActivityAtEveryWholeSecond() throws {
        // Given walk 10 s, stand 5 s, run 10 s
        let json = Fixtures.scripted(segments: """
            [{"activity": "walking", "pace": "12:00", "duration": 10},
             {"activity": "still", "duration": 5},
             {"activity": "running", "pace": "5:00", "duration": 10}]
            """)
        // When it loads
        let motions = try fixtures.load(json: json).motions
        // Then each whole second carries the activity in force, with a plausible cadence
        #expect(motions.map(\.time) == (0...25).map(Double.init))
        #expect(motions[9].activity == .walking && motions[10].activity == .still && motions[15].activity == .running)
        #expect(motions[0].cadence.map { (90...135).contains($0) } == true)
        #expect(motions[12].cadence == 0)
        #expect(motions[20].cadence.map { (155...200).contains($0) } == true)
    }

    @Test func standingStillStaysPut() throws {
        // Given a run, a 20 s stop and a run, without noise
        let json = Fixtures.scripted(segments: """
            [{"pace": "5:00", "duration": 10}, {"activity": "still", "duration": 20}, {"pace": "5:00", "duration": 10}]
            """)
        // When it loads
        let fixes = try fixtures.load(json: json).locations
        // Then the fixes during the stop do not move
        let stop = fixes.filter { (10...30).contains($0.time) }
        #expect(stop.count == 21)
        #expect(Set(stop.map(\.coordinate)).count == 1)
    }

    @Test func repeatGroupsAreUnrolled() throws {
        // Given 3 x (1 min fast, 1 min easy)
        let json = Fixtures.scripted(segments: """
            [{"repeat": 3, "segments": [{"pace": "4:00", "duration": "1:00"}, {"activity": "walking", "pace": "10:00", "duration": "1:00"}]}]
            """)
        // When it loads
        let scenario = try fixtures.load(json: json)
        // Then it lasts six minutes and alternates
        #expect(scenario.durationSeconds == 360)
        #expect(abs((scenario.routeMetres ?? 0) - 3 * (250 + 100)) < 1e-6)
        #expect(scenario.motions[130].activity == .running && scenario.motions[190].activity == .walking)
    }

    @Test func outAndBackComesBackToTheStart() throws {
        // Given an out-and-back route run exactly there and back
        let route = RoutePath(
            waypoints: [RouteWaypoint(coordinate: Coordinate(latitude: 51.5, longitude: -0.12), elevation: 10),
                        RouteWaypoint(coordinate: Coordinate(latitude: 51.51, longitude: -0.12), elevation: 30)],
            shape: .outAndBack)
        // When positions are taken at half and all of the pass
        let turn = route.position(at: route.passMetres / 2)
        let back = route.position(at: route.passMetres)
        // Then the runner turns at the far end (with its elevation) and ends where they started
        #expect(abs(turn.coordinate.latitude - 51.51) < 1e-9 && turn.elevation == 30)
        #expect(abs(back.coordinate.latitude - 51.5) < 1e-9 && back.elevation == 10)
        #expect(abs(route.passMetres - 2 * 1112.5) < 5)
    }

    @Test func elevationIsInterpolatedAlongTheRoute() throws {
        // Given a once-through route from 10 m to 20 m to 30 m
        let scenario = try fixtures.load(json: Fixtures.scripted(segments: #"[{"pace": "5:00", "duration": 60}]"#, shape: "once"))
        // When it is run
        let elevations = scenario.locations.compactMap(\.elevation)
        // Then elevation rises from 10 m, smoothly
        #expect(elevations.count == scenario.locations.count)
        #expect(elevations.first == 10)
        #expect(zip(elevations, elevations.dropFirst()).allSatisfy { $1 >= $0 && $1 - $0 < 1 })
    }

    @Test func recordedSamplesMergeIntoAScriptedRunByTime() throws {
        // Given a scripted run with one hand-placed fix at t = 5 and one extra motion at t = 5.5
        let json = """
        {"version": 1, "name": "Mixed",
         "route": {"waypoints": [[40.0, -73.0], [40.0, -72.99]]},
         "segments": [{"pace": "5:00", "duration": 10}],
         "locations": [{"t": 5, "lat": 40.01, "lon": -73.0}],
         "motions": [{"t": 5.5, "activity": "walking"}]}
        """
        // When it loads
        let scenario = try fixtures.load(json: json)
        // Then the hand-placed fix replaces the generated one, and the extra motion is inserted
        #expect(scenario.locations.count == 11)
        #expect(scenario.locations[5].coordinate == Coordinate(latitude: 40.01, longitude: -73.0))
        #expect(scenario.motions.count == 12)
        #expect(scenario.motions[6] == MotionSample(time: 5.5, activity: .walking))
        #expect(scenario.source == .scripted)
    }
}
