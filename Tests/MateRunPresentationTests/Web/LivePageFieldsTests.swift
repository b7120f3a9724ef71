import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunTestSupport
import Testing

/// What the live page is sent beyond `--json`: the course in the hello, and with each progress
/// the others placed with their gaps in words, and the workout's step.
@Suite struct LivePageFieldsTests {
    private func progress(_ fields: [JSONMember]) -> JSONObject { JSONObject(fields) }

    private func snapshot(metres: Double, at place: Coordinate?, workout: WorkoutPosition? = nil) -> RunSnapshot {
        var snapshot = Fixtures.midRun
        snapshot.distanceMetres = metres
        snapshot.position = place
        snapshot.workout = workout
        return snapshot
    }

    @Test func theHelloCarriesTheWholeCourseAndItsFrame() throws {
        // Given a known course
        let fields = LivePageFields(course: CourseLine(track: CourseLineTests.outAndBack), runnerName: "Ann")
        // When the hello's fields are made
        let hello = JSONObject(fields.helloFields())
        // Then they hold every point of the course, its length and the frame around it
        let course = try #require(hello["course"]?.objectValue)
        guard case .array(let points)? = course["points"], case .array(let frame)? = hello["frame"] else {
            Issue.record("no points or frame: \(JSON.object(fields.helloFields()).jsonText)")
            return
        }
        #expect(points.count == 201)
        #expect(course["length_m"]?.jsonText == "2000.0")
        #expect(frame.count == 4)
    }

    @Test func aProgressCarriesTheFrameOnlyWhenItChanged() {
        // Given a live track (no course), and a runner going east 10 m a second
        var fields = LivePageFields(course: nil, runnerName: "Ann")
        var carried = 0
        for metres in stride(from: 0.0, through: 3000, by: 10) {
            let place = GeodesicDirect.destination(from: CourseLineTests.start, azimuth: 90, metres: metres).coordinate
            let page = JSONObject(fields.progressFields(distanceMetres: metres, elapsedSeconds: metres / 10, position: place, rivals: []))
            if page["frame"] != nil { carried += 1 }
        }
        // Then the first progress and a few others carry it, not each of the 301
        #expect(carried >= 2 && carried < 20, "carried \(carried) times")
    }

    @Test func aKnownCoursesFrameIsTheHellosAlone() {
        var fields = LivePageFields(course: CourseLine(track: CourseLineTests.outAndBack), runnerName: "Ann")
        let place = GeodesicDirect.destination(from: CourseLineTests.start, azimuth: 90, metres: 100).coordinate
        let page = JSONObject(fields.progressFields(distanceMetres: 100, elapsedSeconds: 30, position: place, rivals: []))
        #expect(page["frame"] == nil)
    }

    @Test func aRunWithoutACourseHasNoneInItsHello() {
        #expect(LivePageFields(course: nil, runnerName: "Ann").helloFields().isEmpty)
    }

    @Test func theGhostIsPlacedWithItsGapAsJSONHasIt() throws {
        // Given a runner 300 m in, with the ghost 40 m behind and 12 s slower
        var fields = LivePageFields(course: CourseLine(track: CourseLineTests.outAndBack), runnerName: "Ann")
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        viewModel.send(.ghost(GhostStanding(distanceMetres: 260, gapMetres: 40, gapSeconds: 12, ghostFinished: false)))
        let place = GeodesicDirect.destination(from: CourseLineTests.start, azimuth: 90, metres: 300).coordinate
        let own = snapshot(metres: 300, at: place)
        let state = viewModel.send(.event(.progress(own)))
        // When the progress's page fields are made
        let page = progress(fields.progressFields(own, state: state, mate: nil))
        // Then the ghost is on the course 260 m in, with its gap in metres, seconds and words
        guard case .array(let runners)? = page["runners"], let ghost = runners.first?.objectValue else {
            Issue.record("no runners")
            return
        }
        #expect(ghost["kind"] == .string("ghost"))
        #expect(ghost["gap_m"]?.jsonText == "40.0" && ghost["gap_s"]?.jsonText == "12.0")
        #expect(ghost["runner_ahead"] == .bool(true))
        #expect(ghost["words"] == .string("you are ahead by 40 m · 12 s"))
        #expect(ghost["place"] == .string("course"))
        #expect(abs((Double(ghost["course_m"]?.jsonText ?? "") ?? 0) - 260) < 1)
        #expect(page["course_m"]?.jsonText == "300.0")
    }

    @Test func aGroupsBoardPutsEveryoneButTheRunnerOnTheMap() throws {
        // Given a group's board with the runner and two others, and a standing naming who is ahead
        var fields = LivePageFields(course: nil, runnerName: "Ann")
        fields.take([
            ("type", .string("board")),
            ("results", .array([
                .object([("name", .string("Ann")), ("distance_m", .number(500, decimals: 1))]),
                .object([("name", .string("Bo")), ("distance_m", .number(560, decimals: 1))]),
                .object([("name", .string("<b>Cy</b>")), ("distance_m", .number(420, decimals: 1))]),
            ])),
        ])
        fields.take([
            ("type", .string("group")),
            ("ahead", .object([("name", .string("Bo")), ("gap_m", .number(60, decimals: 1)), ("gap_s", .number(18, decimals: 1))])),
        ])
        // When the runner's progress comes
        let rivals = fields.rivals(ownMetres: 500, ownSeconds: 200, ghost: nil, mate: nil)
        // Then the two others are there, with their gaps from the runner's side, names as they are
        #expect(rivals.map(\.name) == ["Bo", "<b>Cy</b>"])
        #expect(rivals[0].words == "you are behind by 60 m · 18 s")
        #expect(rivals[1].words == "you are ahead by 80 m")
    }

    @Test func theWorkoutStepIsWrittenAsOnTheTerminalPanel() throws {
        // Given a runner in the third of eight intervals
        var fields = LivePageFields(course: nil, runnerName: "Ann")
        let state = Fixtures.runningState(snapshot: Fixtures.inInterval)
        // When the progress's page fields are made
        let page = progress(fields.progressFields(Fixtures.inInterval, state: state, mate: nil))
        // Then the step says what the panel says, in its parts
        let step = try #require(page["step"]?.objectValue)
        let parts = ["name", "doing", "left"].compactMap { key -> String? in
            if case .string(let text)? = step[key] { return text }
            return nil
        }
        #expect(parts.joined(separator: " · ") == state.workoutStep)
        #expect(step["name"] == .string("Interval 3/8"))
        #expect(step["doing"] == .string("work 4'20\"/km"))
        #expect(step["left"] == .string("0:42 left"))
        #expect(step["next"] == .string("then recovery 1:00"))
    }

    @Test func aMatesGapInSecondsIsWhenOneWasWhereTheOtherIs() throws {
        // Given a runner at 4 m/s and a mate at 3 m/s, both seen every 10 s for a minute
        var fields = LivePageFields(course: nil, runnerName: "Ann")
        var gaps: [Double?] = []
        for seconds in stride(from: 0.0, through: 60, by: 10) {
            var own = snapshot(metres: seconds * 4, at: nil)
            own.elapsedSeconds = seconds
            let mate = MateView(
                name: "Bo", mode: .race, goalMetres: 5000, distanceMetres: seconds * 3, elapsedSeconds: seconds, phase: .running,
                connection: .connected, lastSeenSecondsAgo: nil, leadMetres: seconds, combinedMetres: seconds * 7)
            let page = JSONObject(fields.progressFields(own, state: Fixtures.runningState(snapshot: own), mate: mate))
            guard case .array(let runners)? = page["runners"], let shown = runners.first?.objectValue else { continue }
            gaps.append(Double(shown["gap_s"]?.jsonText ?? ""))
        }
        // Then after a minute the mate, at 180 m, is 15 s behind: the runner was there at 45 s
        #expect(gaps.last == 15.0)
    }

    @Test func someoneAheadIsAsManySecondsAheadAsTheyWereAtTheRunnersDistance() {
        // Given the runner's passages at 3 m/s and another's at 4 m/s
        var own = Passages(), theirs = Passages()
        for seconds in stride(from: 0.0, through: 60, by: 10) {
            own.record(metres: seconds * 3, seconds: seconds)
            theirs.record(metres: seconds * 4, seconds: seconds)
        }
        // Then at a minute the other, at 240 m, reached the runner's 180 m at 45 s: 15 s ahead
        #expect(own.gapSeconds(ownMetres: 180, ownSeconds: 60, theirMetres: 240, theirSeconds: 60, theirs: theirs) == -15)
        // And without their passages it is not known
        #expect(own.gapSeconds(ownMetres: 180, ownSeconds: 60, theirMetres: 240, theirSeconds: 60, theirs: Passages()) == nil)
    }

    @Test func aGapIsSaidInWordsEveryWay() {
        let gap = { (metres: Double, seconds: Double?) in
            PageRival(name: "x", kind: .mate, distanceMetres: 0, gapMetres: metres, gapSeconds: seconds).words
        }
        #expect(gap(120, 25) == "you are ahead by 120 m · 25 s")
        #expect(gap(-40, nil) == "you are behind by 40 m")
        #expect(gap(-1500, -400) == "you are behind by 1.50 km · 6:40")
        #expect(gap(0.4, 0) == "level with you")
    }
}

/// The ghost in the page's header: which run it is, not how it was asked for.
@Suite struct GhostTitleTests {
    @Test func aKeptRunIsNamedByItsScenarioRunnerDateAndTime() {
        // Given a run kept from 2026-11-28 07:15 local time (UTC+1), 8.45 km in 48:12 of moving time
        let header = RunRecordHeader(
            startedAt: 1_795_846_500, utcOffsetSeconds: 3600, runner: RunnerProfile(name: "Alasdair", weightKilograms: 78),
            scenario: RecordedScenario(name: "Hilly 8K", path: "Scenarios/hilly-8k.json"), goalMetres: 8000)
        let outcome = RunRecordOutcome(
            figures: RunFigures(elapsedSeconds: 2950, movingSeconds: 2892, distanceMetres: 8452), splits: [], ending: .goalReached)
        let run = RunRecordSummary(id: RunRecordID("20261128-071500"), header: header, outcome: outcome, bests: PersonalBests())
        // Then the title says which run it is
        #expect(GhostTitle.keptRun(run) == "Hilly 8K by Alasdair, 28 Nov 2026 07:15, 8.45 km in 00:48:12")
    }
}
