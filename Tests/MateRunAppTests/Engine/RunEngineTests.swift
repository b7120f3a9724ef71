@testable import MateRunApp
import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunTestSupport
import Synchronization
import Testing

/// A screen that remembers what it was asked to show.
private final class RecordingScreen: RunScreen, @unchecked Sendable {
    private let log = Mutex<[String]>([])
    var entries: [String] { log.withLock { $0 } }

    func show(_ state: RunningViewModel.State) { log.withLock { $0.append("show \(state.statusText)") } }
    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) { log.withLock { $0.append("update \(state.statusText)") } }
    func announce(_ fields: [JSONMember], text: String) { log.withLock { $0.append("announce \(text)") } }
    var messageWriter: @Sendable (String) -> Void {
        { [self] message in log.withLock { $0.append("message \(message)") } }
    }
    func restore() {}
    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        log.withLock { $0.append("finish \(summary.ending)" + (pair.map { " \($0.result.rawValue)" } ?? "")) }
    }
}

/// Lets other tasks run until one waits on `clock`; gives up (and the test then fails on its
/// expectations) after a bounded number of turns instead of hanging.
private func waitForSleeper(on clock: ManualClock) async {
    for _ in 0..<100_000 where clock.sleeperCount == 0 {
        await Task.yield()
    }
}

@Suite("Run engine: countdown, running, result, alone and beside a mate")
struct RunEngineTests {
    let runner = RunnerProfile(name: "Ada", weightKilograms: 60)

    @Test func countsDownThreeTwoOneThenRunsAndShowsTheResult() async {
        // Given a run with a 3 s countdown on a manual clock and a short scripted run
        let clock = ManualClock()
        let screen = RecordingScreen()
        let summary = RunSummary(snapshot: RunSnapshot(elapsedSeconds: 60, distanceMetres: 200), splits: [], ending: .sensorsEnded)
        let flow = SoloTestRun(profile: runner, screen: screen, clock: clock, countdownSeconds: 3)
        let run = Task {
            await flow.run { ScriptedRun(script: [.progress(RunSnapshot(elapsedSeconds: 1)), .finished(summary)]) }
        }
        // When the clock moves three seconds, one at a time
        for _ in 0..<3 {
            await waitForSleeper(on: clock)
            clock.advance(by: 1)
        }
        let result = await run.value
        // Then the screen saw 3, 2, 1, the start, the run and its result
        #expect(result == summary)
        #expect(screen.entries == [
            "show STARTS IN 3", "show STARTS IN 2", "show STARTS IN 1", "show RUNNING",
            "update RUNNING", "finish sensorsEnded",
        ])
    }

    @Test func cancellingDuringTheCountdownEndsWithACancelledSummary() async {
        // Given a run waiting in its countdown
        let clock = ManualClock()
        let screen = RecordingScreen()
        let flow = SoloTestRun(profile: runner, goalMetres: 5000, screen: screen, clock: clock, countdownSeconds: 3)
        let run = Task { await flow.run { ScriptedRun(script: []) } }
        await waitForSleeper(on: clock)
        // When the runner presses Ctrl-C
        run.cancel()
        let result = await run.value
        // Then the run never starts and the summary says it was cancelled
        #expect(result.ending == .cancelled)
        #expect(result.snapshot.distanceMetres == 0)
        #expect(screen.entries.last == "finish cancelled")
    }

    @Test(arguments: [MateMode.race, .team])
    func aPairedRunStoppedInItsCountdownHasTheGoalThePairRulesGiveIt(mode: MateMode) async {
        // Given a paired run of either mode waiting in its countdown
        let clock = ManualClock()
        let screen = RecordingScreen()
        let terms = MateTerms(mode: mode, goalMetres: 5000)
        let (link, _) = FakeMateLink.pair()
        let engine = RunEngine(profile: runner, screen: screen, wallClock: clock) { _, _ in ScriptedRun(script: []) }
        let companion = MateCompanion(
            profile: runner, pairing: MatePairing(role: .host, mateName: "Ben", terms: terms, secondsUntilStart: 3, link: link))
        let run = Task { await engine.run(companion) }
        await waitForSleeper(on: clock)
        // When the runner presses Ctrl-C
        run.cancel()
        let result = await run.value
        // Then the summary is cancelled, and its goal is the race goal or none (a team's goal is
        // the pair's sum, never one runner's), as MatePairRules decides
        #expect(result.result == .cancelled)
        #expect(result.own.snapshot.goalMetres == (mode == .race ? 5000 : nil))
        #expect(screen.entries.last == "finish cancelled cancelled")
    }

    @Test func aPairedRunShowsTheMateAsItRunsAndEndsWithTheResultBothSidesAgree() async {
        // Given a paired race to 300 m at full speed (run time is not wall time) with no countdown,
        // whose own run reaches the goal at 100 s of run time
        let clock = ManualClock()
        let screen = RecordingScreen()
        let terms = MateTerms(mode: .race, goalMetres: 300, speed: nil)
        let (link, mate) = FakeMateLink.pair()
        let ownEnd = RunSummary(
            snapshot: RunSnapshot(elapsedSeconds: 100, movingSeconds: 100, distanceMetres: 300, goalMetres: 300),
            splits: [], ending: .goalReached)
        let engine = RunEngine(profile: runner, screen: screen, wallClock: clock) { _, _ in
            ScriptedRun(script: [
                .progress(RunSnapshot(elapsedSeconds: 50, movingSeconds: 50, distanceMetres: 150, goalMetres: 300)),
                .finished(ownEnd),
            ])
        }
        let companion = MateCompanion(
            profile: runner, pairing: MatePairing(role: .host, mateName: "Ben", terms: terms, secondsUntilStart: 0, link: link))
        // When it runs, the wall clock moving a second at a time, and the mate reports
        // its progress, then its run stopped short of the goal past the runner's finishing time
        let run = Task { await engine.run(companion) }
        let ended = Flag()
        Task {
            _ = await run.value
            ended.set()
        }
        let mateSays: [Int: MateUpdate] = [
            1: .progress(MateProgress(
                seq: 1, elapsedSeconds: 40, movingSeconds: 40, distanceMetres: 100, caloriesKilocalories: 5, paused: false)),
            2: .progress(MateProgress(
                seq: 2, elapsedSeconds: 100, movingSeconds: 100, distanceMetres: 280, caloriesKilocalories: 14, paused: false)),
            3: .state(seq: 3, .finished(MateFinish(reachedGoal: false, elapsedSeconds: 100, distanceMetres: 280))),
        ]
        for second in 1...600 where !ended.isSet {
            for _ in 0..<200 where !ended.isSet { await Task.yield() }
            if let update = mateSays[second] { await mate.send(update) }
            clock.advance(by: 1)
        }
        let result = await run.value
        // Then the runner won, the mate was told the run finished, and the screen showed the run,
        // the mate, and the result with the pair's word
        #expect(result.result == .won)
        #expect(result.winner == .host)
        #expect(result.own.ending == .goalReached)
        #expect(result.mate.distanceMetres == 280)
        #expect(link.sent.contains { if case .state(_, .finished) = $0 { true } else { false } })
        #expect(screen.entries.contains("update RUNNING"))
        #expect(screen.entries.last == "finish goalReached won")
    }
}
