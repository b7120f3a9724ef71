import Foundation
import MateRunDomain
import MateRunJSON
@testable import MateRunPresentation
import Testing

@Suite("JSON event lines")
struct JSONEventViewTests {
    private let view = JSONEventView(profile: Fixtures.alice)

    /// Parses one line as JSON, failing the test when it is not a single JSON object.
    private func parse(_ line: String) throws -> [String: Any] {
        #expect(!line.contains("\n"))
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("a progress line is valid JSON with every field, in a stable order")
    func progress() throws {
        // Given a progress event; When written
        let line = view.shownLine(for: .progress(Fixtures.midRun))
        // Then it is exactly this object, one decimal for measures
        #expect(line == """
            {"type":"progress","elapsed_s":751.4,"moving_s":725.9,"distance_m":2414.7,"calories_kcal":163.8,\
            "pace_s_per_km":312.2,"avg_pace_s_per_km":300.6,"elevation_gain_m":18.6,"paused":false,"goal_m":5000.0,\
            "gps_ok":true}
            """)
        let object = try parse(line)
        #expect(object["type"] as? String == "progress")
        #expect(object["distance_m"] as? Double == 2414.7)
    }

    @Test("paused and resumed lines carry the snapshot, and a missing pace or goal is null")
    func pausedAndResumed() throws {
        // Given a paused runner with no pace and no goal
        var snapshot = Fixtures.midRun
        snapshot.isPaused = true
        snapshot.currentPaceSecondsPerKilometre = nil
        snapshot.goalMetres = nil
        // When the pause and the resume are written
        let paused = try parse(view.shownLine(for: .paused(snapshot, by: .auto)))
        let resumed = try parse(view.shownLine(for: .resumed(Fixtures.midRun, by: .auto)))
        // Then both are valid, and the missing values are null
        #expect(paused["type"] as? String == "paused")
        #expect(paused["paused"] as? Bool == true)
        #expect(paused["pace_s_per_km"] is NSNull)
        #expect(paused["goal_m"] is NSNull)
        #expect(resumed["type"] as? String == "resumed")
        #expect(resumed["paused"] as? Bool == false)
    }

    @Test("a split line has its index, distance, time, pace and climb")
    func split() throws {
        let line = view.shownLine(for: .split(Fixtures.secondSplit))
        #expect(line == """
            {"type":"split","index":2,"distance_m":1000.0,"moving_s":303.4,"elapsed_s":610.2,\
            "pace_s_per_km":303.4,"elevation_gain_m":12.2}
            """)
        let object = try parse(line)
        #expect(object["index"] as? Int == 2)
    }

    @Test("a summary line holds the totals, the splits, how the run ended and the runner")
    func summary() throws {
        // Given a run ended by the scenario; When summarised
        let object = try parse(view.shownLine(for: .finished(Fixtures.summary)))
        // Then every required field is there
        for key in [
            "type", "distance_m", "elapsed_s", "moving_s", "calories_kcal", "avg_pace_s_per_km", "elevation_gain_m",
            "splits", "finished", "cancelled", "ending", "runner",
        ] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["type"] as? String == "summary")
        #expect(object["finished"] as? Bool == false)
        #expect(object["cancelled"] as? Bool == false)
        #expect(object["ending"] as? String == "sensors_ended")
        #expect((object["splits"] as? [Any])?.count == 6)
        let runner = try #require(object["runner"] as? [String: Any])
        #expect(runner["name"] as? String == "Alice")
        #expect(runner["weight_kg"] as? Double == 62.5)
    }

    @Test("endings are named goal_reached, sensors_ended, receiver_ended and cancelled", arguments: [
        (RunEnding.goalReached, "goal_reached", true, false), (.sensorsEnded, "sensors_ended", false, false),
        (.receiverEnded, "receiver_ended", false, false), (.cancelled, "cancelled", false, true),
    ] as [(RunEnding, String, Bool, Bool)])
    func endings(ending: RunEnding, name: String, finished: Bool, cancelled: Bool) throws {
        let summary = RunSummary(snapshot: Fixtures.midRun, splits: [], ending: ending)
        let object = try parse(view.shownLine(for: .finished(summary)))
        #expect(object["ending"] as? String == name)
        #expect(object["finished"] as? Bool == finished)
        #expect(object["cancelled"] as? Bool == cancelled)
    }

    @Test("extra fields follow the standard ones, so features can add a mate or a result")
    func extraFields() throws {
        // Given a mate object and a result string
        let extra: [JSONMember] = [
            ("mate", .object([("name", .string("Bob")), ("distance_m", .number(2374.24, decimals: 1))])),
            ("result", .string("won")),
        ]
        // When added to a progress line
        let line = view.shownLine(for: .progress(Fixtures.midRun), extraFields: extra)
        // Then they come last and parse
        #expect(line.hasSuffix(#","goal_m":5000.0,"gps_ok":true,"mate":{"name":"Bob","distance_m":2374.2},"result":"won"}"#))
        let mate = try #require(try parse(line)["mate"] as? [String: Any])
        #expect(mate["name"] as? String == "Bob")
    }

    @Test("strings are escaped so that any name stays valid JSON on one line")
    func escaping() throws {
        // Given a runner whose name holds quotes, a backslash, control characters and Hangul
        let name = "Al\"ice\\ \n\t\u{1B}[31m 민수 \u{7F}"
        let view = JSONEventView(profile: RunnerProfile(name: name, weightKilograms: 60))
        // When the summary is written
        let line = view.shownLine(for: .finished(Fixtures.summary))
        // Then the line parses back to the same name
        let runner = try #require(try parse(line)["runner"] as? [String: Any])
        #expect(runner["name"] as? String == name)
        #expect(line.contains(#""Al\"ice\\ \n\t\u001b[31m 민수 \u007f""#), "DEL is escaped too, like every control")
    }

    @Test("numbers round to their decimals and non-finite numbers are null", arguments: [
        (0, 1, "0.0"), (-0.04, 1, "0.0"), (-2.25, 1, "-2.3"), (1000, 0, "1000"), (0.05, 1, "0.1"),
        (Double.nan, 1, "null"), (Double.infinity, 1, "null"), (1e20, 1, "1e+20"), (3.14159, 3, "3.142"),
    ] as [(Double, Int, String)])
    func numbers(value: Double, decimals: Int, expected: String) throws {
        let text = JSON.number(value, decimals: decimals).jsonText
        #expect(text == expected)
        _ = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8))
    }

    @Test("heart rate, cadence, elevation and grade appear when the source has them, and are absent otherwise")
    func bodyAndTerrainFields() throws {
        // Given a snapshot with heart rate, cadence, elevation and grade, and one without
        var snapshot = Fixtures.midRun
        snapshot.heartRateBPM = 151.4
        snapshot.cadenceSPM = 171.6
        snapshot.elevationMetres = 42.25
        snapshot.gradePercent = -3.04
        // When written
        let with = try parse(view.shownLine(for: .progress(snapshot)))
        let without = try parse(view.shownLine(for: .progress(Fixtures.midRun)))
        // Then the figures are whole beats and steps, elevation and grade in tenths; absent, not 0, without
        #expect(with["heart_rate_bpm"] as? Double == 151)
        #expect(with["cadence_spm"] as? Double == 172)
        #expect(with["elevation_m"] as? Double == 42.3)
        #expect(with["grade_percent"] as? Double == -3.0)
        for key in ["heart_rate_bpm", "cadence_spm", "elevation_m", "grade_percent"] {
            #expect(without[key] == nil, "\(key) should be absent")
        }
    }

    @Test("a pause says who paused, and GPS loss and laps are their own lines")
    func pauseCauseGPSAndLaps() throws {
        // Given a pause by the runner, a GPS loss and a lap
        var lost = Fixtures.midRun
        lost.gpsOK = false
        let lap = Split(index: 2, distanceMetres: 400, movingSeconds: 90, endElapsedSeconds: 600, elevationGainMetres: 0)
        // When written
        let paused = try parse(view.shownLine(for: .paused(Fixtures.midRun, by: .runner)))
        let gps = try parse(view.shownLine(for: .gpsLost(lost)))
        let lapLine = try parse(view.shownLine(for: .lap(lap)))
        // Then
        #expect(paused["type"] as? String == "paused")
        #expect(paused["by"] as? String == "runner")
        #expect(gps["type"] as? String == "gps_lost")
        #expect(gps["gps_ok"] as? Bool == false)
        #expect(lapLine["type"] as? String == "lap")
        #expect(lapLine["index"] as? Int == 2)
        #expect(lapLine["pace_s_per_km"] as? Double == 225)
    }

    @Test("a scripted run's progress says which segment it is in and how much of it is left")
    func segmentField() throws {
        // Given a snapshot 3rd of 15 segments, an 800 m interval in round 2 of 6 with 133.3 m left
        var snapshot = Fixtures.midRun
        snapshot.workout = WorkoutPosition(
            index: 3, count: 15,
            step: Workout.Step(activity: .running, durationSeconds: 200, distanceMetres: 800,
                               repetition: Workout.Repetition(index: 2, count: 6)),
            remainingSeconds: 33.3, remainingMetres: 133.3, next: nil)
        // When written
        let line = view.shownLine(for: .progress(snapshot))
        // Then
        #expect(line.hasSuffix(#""segment":{"index":3,"count":15,"activity":"running","remaining_m":133.3,"repeat":{"index":2,"count":6}}}"#))
    }

    @Test("a line with every reading is exactly the JSON object its fields make, in their order")
    func everyReading() {
        // Given a paused snapshot with heart rate, cadence, elevation, grade, a segment and a mate
        var snapshot = Fixtures.midRun
        snapshot.isPaused = true
        snapshot.currentPaceSecondsPerKilometre = nil
        snapshot.heartRateBPM = 151.6
        snapshot.cadenceSPM = 171.2
        snapshot.elevationMetres = 42.37
        snapshot.gradePercent = -3.04
        snapshot.workout = WorkoutPosition(
            index: 2, count: 5, step: Workout.Step(activity: .walking, durationSeconds: 120),
            remainingSeconds: 61.26, remainingMetres: nil, next: nil)
        let mate: [JSONMember] = [("mate", .object([("name", .string("Bo \"B\"")), ("lead_m", .number(-12.34, decimals: 1))]))]
        // When the paused event is written
        let line = view.shownLine(for: .paused(snapshot, by: .runner), extraFields: mate)
        // Then it is the object built member by member as a JSON tree
        let expected = JSON.object([
            ("type", .string("paused")), ("elapsed_s", .number(751.4, decimals: 1)), ("moving_s", .number(725.9, decimals: 1)),
            ("distance_m", .number(2414.7, decimals: 1)), ("calories_kcal", .number(163.8, decimals: 1)),
            ("pace_s_per_km", .null), ("avg_pace_s_per_km", .number(snapshot.averagePaceSecondsPerKilometre ?? .nan, decimals: 1)),
            ("elevation_gain_m", .number(18.6, decimals: 1)), ("paused", .bool(true)), ("goal_m", .number(5000, decimals: 1)),
            ("gps_ok", .bool(true)), ("heart_rate_bpm", .number(151.6, decimals: 0)), ("cadence_spm", .number(171.2, decimals: 0)),
            ("elevation_m", .number(42.37, decimals: 1)), ("grade_percent", .number(-3.04, decimals: 1)),
            ("segment", .object([
                ("index", .integer(2)), ("count", .integer(5)), ("activity", .string("walking")),
                ("remaining_s", .number(61.26, decimals: 1)),
            ])),
            ("by", .string("runner")),
        ] + mate).jsonText
        #expect(line == expected)
    }
}

extension JSONEventView {
    /// The line of an event that has one (every event but a kept fix).
    func shownLine(for event: RunEvent, extraFields: [JSONMember] = []) -> String {
        line(for: event, extraFields: extraFields) ?? "(no line for \(event))"
    }
}

@Suite struct KeptFixLineTests {
    @Test func aKeptFixHasNoLineOfItsOwnItGoesToTheHistory() {
        // Given a fix the run keeps
        let fix = RecordedFix(time: 3, coordinate: Coordinate(latitude: 47, longitude: 8), distanceMetres: 9, movingSeconds: 3)
        let kept = KeptFix(fix, elapsedSeconds: 3, caloriesKilocalories: 0, elevationGainMetres: 0)
        // When the JSON view is asked for its line, Then there is none
        #expect(JSONEventView(profile: RunnerProfile(name: "Ada", weightKilograms: 60)).line(for: .kept([kept])) == nil)
    }
}
