import MateRunDomain
import Testing
@testable import MateRunPresentation

/// Headers and splits as a runner reads them: the pair's result in the header, one word for how a
/// run ended on the panel and in the result, a split's time and pace rounded alike, the splits
/// table's columns from 10'00"/km, and the fastest split marked.
@Suite("Headers and splits read right")
struct HeadersAndSplitsTests {
    static func pairSummary(_ result: MateResult, mode: MateMode = .race, winner: MateRole? = nil) -> PairedRunSummary {
        PairedRunSummary(
            terms: MateTerms(mode: mode, goalMetres: 5000), own: Fixtures.summary,
            mate: MateFinalFigures(name: "Bob", distanceMetres: 5000, elapsedSeconds: 1500, final: true, connected: true),
            result: result, winner: winner, ownSharePercent: nil)
    }

    @Test("a paired run's header says WON, LOST or TEAM DONE", arguments: [
        (MateResult.won, "WON"), (.lost, "LOST"), (.teamFinished, "TEAM DONE"), (.mateLost, "ENDED"),
    ] as [(MateResult, String)])
    func pairHeader(result: MateResult, expected: String) {
        // Given a paired run that finished
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        viewModel.send(.event(.finished(Fixtures.summary)))
        // When the pair's result arrives
        let state = viewModel.send(.pairResult(Self.pairSummary(result)))
        // Then the header says it
        #expect(state.statusText == expected)
        #expect(TerminalRunView.render(state, width: 80, colour: false)[0].hasSuffix(expected))
    }

    @Test("the panel's header and the result's title say the same word for every ending", arguments: [
        RunEnding.goalReached, .sensorsEnded, .receiverEnded, .stopped, .cancelled, .endedByMate,
    ])
    func oneWordForAnEnding(ending: RunEnding) {
        // Given a run that ended this way
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: nil))
        let state = viewModel.send(.event(.finished(RunSummary(snapshot: Fixtures.midRun, splits: [], ending: ending))))
        // When the header and the result are drawn
        let title = ResultViewModel(summary: RunSummary(snapshot: Fixtures.midRun, splits: [], ending: ending), profile: Fixtures.alice).state.title
        // Then both carry the same word
        #expect(title.lowercased().hasSuffix(state.statusText.lowercased()), "header \(state.statusText), result \(title)")
    }

    @Test("a split's time is rounded as its pace is, so a kilometre reads the same in both")
    func splitTimeRounded() {
        let split = Split(index: 1, distanceMetres: 1000, movingSeconds: 298.9, endElapsedSeconds: 300, elevationGainMetres: 0)
        let row = ResultViewModel.rows([split])[0]
        #expect(row.pace == "4'59\"/km")
        #expect(row.time == "00:04:59")
    }

    @Test("the splits table keeps its columns from 10'00\"/km on, and marks the fastest split")
    func slowSplitsAlign() {
        // Given splits around and beyond 10'00"/km
        let splits = [599.6, 600.4, 725.0].enumerated().map { index, seconds in
            Split(index: index + 1, distanceMetres: 1000, movingSeconds: seconds, endElapsedSeconds: 0, elevationGainMetres: 3)
        }
        var state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        state.splits = ResultViewModel.rows(splits)
        // When the table is drawn
        let lines = TerminalResultView.render(state, width: 80, colour: false)
        let rows = lines.suffix(3)
        // Then every row ends its climb in the same column, and only the 10'00" kilometre is fastest
        let climbEnds = rows.map { $0.range(of: "+3 m")?.upperBound.utf16Offset(in: $0) }
        #expect(Set(climbEnds).count == 1, "\(rows)")
        #expect(rows.map { $0.hasSuffix("fastest") } == [true, false, false])
    }

    @Test("a split's bar grows with its speed, the fastest full")
    func splitBars() {
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        let lines = TerminalResultView.render(state, width: 80, colour: false, trace: RunTrace())
        let bars = lines.suffix(6).map { $0.filter { $0 == "▇" }.count }
        #expect(bars[4] == bars.max())
        #expect(bars.allSatisfy { $0 > 0 })
        // Ordered by speed: a faster split never has the shorter bar, and the slowest is shorter
        let paces = Fixtures.summarySplits.compactMap(\.paceSecondsPerKilometre)
        for i in paces.indices {
            for j in paces.indices where paces[i] < paces[j] {
                #expect(bars[i] >= bars[j], "split \(i + 1) is faster than \(j + 1): \(bars)")
            }
        }
        let slowest = paces.indices.max { paces[$0] < paces[$1] } ?? 0
        #expect(bars[slowest] < bars[4], "\(bars)")
    }
}

@Suite("The live panel's readings")
struct LiveReadingsTests {
    @Test("the finish estimate is the run time at the goal at the average pace so far")
    func finishEstimate() {
        // Given 2 km of 5 km in 10:00 of run time, at 5'00"/km
        let seconds = RunFormat.finishEstimateSeconds(
            elapsedSeconds: 600, distanceMetres: 2000, goalMetres: 5000, averagePaceSecondsPerKilometre: 300)
        // Then the goal is reached at 25:00
        #expect(seconds == 1500)
        // And there is no estimate without a goal, without a pace, or past the goal
        #expect(RunFormat.finishEstimateSeconds(
            elapsedSeconds: 600, distanceMetres: 2000, goalMetres: nil, averagePaceSecondsPerKilometre: 300) == nil)
        #expect(RunFormat.finishEstimateSeconds(
            elapsedSeconds: 600, distanceMetres: 2000, goalMetres: 5000, averagePaceSecondsPerKilometre: nil) == nil)
        #expect(RunFormat.finishEstimateSeconds(
            elapsedSeconds: 600, distanceMetres: 5000, goalMetres: 5000, averagePaceSecondsPerKilometre: 300) == nil)
    }

    @Test("heart rate, cadence, elevation, grade and a lost GPS show when the source has them")
    func readingsShow() {
        // Given a snapshot with every reading, the GPS lost
        var snapshot = Fixtures.midRun
        snapshot.heartRateBPM = 151.6
        snapshot.cadenceSPM = 171.2
        snapshot.elevationMetres = -3.4
        snapshot.gradePercent = 4.4
        snapshot.gpsOK = false
        // When the panel is drawn
        let state = Fixtures.runningState(snapshot: snapshot)
        let panel = TerminalRunView.render(state, width: 80, colour: false).joined(separator: "\n")
        // Then each shows, and the header says the GPS is lost
        // (152 bpm is zone 4 of the default 190 maximum: 80% of it)
        #expect(state.heartRate == "152 bpm Z4" && state.cadence == "171 spm")
        #expect(state.elevation == "-3 m" && state.grade == "+4%")
        #expect(panel.contains("Heart     152 bpm Z4") && panel.contains("Elevation -3 m +4%"))
        #expect(panel.split(separator: "\n")[0].hasSuffix("GPS LOST · RUNNING"))
        // And without them, nothing is said
        let plain = Fixtures.runningState()
        #expect(plain.heartRate == nil && plain.cadence == nil && plain.elevation == nil && !plain.gpsLost)
    }
}

@Suite("A workout's step on the live panel")
struct WorkoutPanelTests {
    static func state(at elapsed: Double, of workout: Workout) -> RunningViewModel.State {
        var snapshot = Fixtures.midRun
        snapshot.elapsedSeconds = elapsed
        snapshot.workout = workout.position(at: elapsed)
        return Fixtures.runningState(snapshot: snapshot)
    }

    static let intervals = Workout(steps: [
        .init(activity: .running, durationSeconds: 600, intent: .warmUp, targetPaceSecondsPerKilometre: 390),
        .init(activity: .running, durationSeconds: 120, repetition: .init(index: 1, count: 2), intent: .work,
              targetPaceSecondsPerKilometre: 260),
        .init(activity: .walking, durationSeconds: 90, repetition: .init(index: 1, count: 2), intent: .recovery,
              targetPaceSecondsPerKilometre: 690),
        .init(activity: .running, durationSeconds: 240, distanceMetres: 1200, repetition: .init(index: 2, count: 2),
              intent: .work, targetPaceSecondsPerKilometre: 200),
        .init(activity: .running, durationSeconds: 300, repetition: .init(index: 2, count: 2), intent: .recovery,
              targetPaceSecondsPerKilometre: 405),
    ])

    @Test("the step now, its target pace, what is left of it, and the next one")
    func stepAndNext() {
        // Given a run 42 s before the end of its first interval
        let state = Self.state(at: 678, of: Self.intervals)
        // Then the panel says which interval, at what pace, how long is left, and what follows
        #expect(state.workoutStep == "Interval 1/2 · work 4'20\"/km · 0:42 left")
        #expect(state.workoutNext == "then recovery 1:30")
        #expect(!state.workoutStepIsNew)
        let panel = TerminalRunView.render(state, width: 80, colour: false)
        #expect(panel[1] == " » Interval 1/2 · work 4'20\"/km · 0:42 left · then recovery 1:30")
    }

    @Test("work reps and recoveries are named apart; a jog is a recovery run")
    func workAndRecovery() {
        #expect(Self.state(at: 100, of: Self.intervals).workoutStep == "Warm-up · run 6'30\"/km · 8:20 left")
        #expect(Self.state(at: 722, of: Self.intervals).workoutStep == "Recovery 1/2 · walk 11'30\"/km · 1:28 left")
        #expect(Self.state(at: 1100, of: Self.intervals).workoutStep == "Recovery 2/2 · jog 6'45\"/km · 4:10 left")
    }

    @Test("a new step is cued, a step by distance counts metres, the last says so")
    func cueDistanceAndLast() {
        let walk = Self.state(at: 722, of: Self.intervals)
        #expect(walk.workoutStepIsNew)
        let byDistance = Self.state(at: 830, of: Self.intervals)
        #expect(byDistance.workoutStep == "Interval 2/2 · work 3'20\"/km · 1.10 km left")
        #expect(byDistance.workoutNext == "then recovery 5:00")
        #expect(Self.state(at: 1100, of: Self.intervals).workoutNext == "last step")
        #expect(Self.state(at: 2000, of: Self.intervals).workoutStep == nil)
    }

    @Test("on a narrow panel the next step, then the pace, is left out rather than cut")
    func narrowPanel() {
        let state = Self.state(at: 678, of: Self.intervals)
        #expect(TerminalRunView.render(state, width: 46, colour: false)[1] == " » Interval 1/2 · work 4'20\"/km · 0:42 left")
        #expect(TerminalRunView.render(state, width: 40, colour: false)[1] == " » Interval 1/2 · 0:42 left")
    }
}
