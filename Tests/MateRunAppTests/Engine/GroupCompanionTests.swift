@testable import MateRunApp
import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunTestSupport
import Synchronization
import Testing

/// A screen that remembers the group's announcements and the result it was given.
private final class GroupScreen: RunScreen, @unchecked Sendable {
    private let log = Mutex<[String]>([])
    var entries: [String] { log.withLock { $0 } }

    func show(_ state: RunningViewModel.State) {}
    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {}
    func announce(_ fields: [JSONMember], text: String) { log.withLock { $0.append(text) } }
    func repeatForPrograms(_ fields: [JSONMember]) { log.withLock { $0.append("repeated " + JSON.object(fields).jsonText) } }
    var messageWriter: @Sendable (String) -> Void {
        { [self] message in log.withLock { $0.append(message) } }
    }
    func restore() {}
    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        log.withLock { $0.append("finish \(summary.ending)") }
    }
    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?
    ) {
        log.withLock { $0.append("result " + JSON.object([group]).jsonText) }
    }
}

/// A run that gives one progress and then waits until it is cancelled (a live run, Ctrl-C).
private struct RunStoppedByCtrlC: RunningUseCase {
    let first: RunEvent
    func events() -> RunEventStream {
        let given = Mutex(false)
        let first = first
        return RunEventStream(unfolding: {
            let wasGiven = given.withLock { was in
                defer { was = true }
                return was
            }
            if !wasGiven { return first }
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            return nil
        })
    }
}

/// A group run carried through the run engine with the group played in memory: no NATS server.
@Suite("Group runs through the engine, with the group in memory")
struct GroupCompanionTests {
    private let terms = GroupTerms(mode: .race, goalMetres: 1000)

    private func run(_ link: FakeGroupLink, screen: GroupScreen, run: [RunEvent]) async -> GroupCompanion.Outcome {
        let profile = RunnerProfile(name: "Me", weightKilograms: 60)
        let clock = ManualClock()
        let engine = RunEngine(profile: profile, screen: screen, wallClock: clock) { _, _ in ScriptedRun(script: run) }
        return await engine.run(GroupCompanion(profile: profile, link: link, now: clock.now()))
    }

    @Test func aRunnerStartsWithTheGroupReportsItsFinishAndShowsTheResult() async {
        // Given a runner in a gathering group of two, and a run that reaches the goal
        let link = FakeGroupLink(terms: terms)
        let screen = GroupScreen()
        let finish = RunSummary(snapshot: RunSnapshot(elapsedSeconds: 300, distanceMetres: 1000, goalMetres: 1000), splits: [], ending: .goalReached)
        let running = Task {
            await run(link, screen: screen, run: [.progress(RunSnapshot(elapsedSeconds: 1, distanceMetres: 3)), .finished(finish)])
        }
        // When the group gathers, starts at once, and publishes its result once the runner finished
        let runners = [
            GroupRunner(id: "me", name: "Me", distanceMetres: 1000, elapsedSeconds: 300, status: .finished, reachedGoal: true),
            GroupRunner(id: "bo", name: "Bo", distanceMetres: 900, elapsedSeconds: 300, status: .finished),
        ]
        link.push(.board(GroupBoardMessage(
            board: GroupBoard(phase: .gathering, terms: terms, runners: runners), places: [1, 2], runners: 2, total: 2, teamMetres: 0)))
        link.push(.start(inSeconds: 0))
        for _ in 0..<10_000 where !link.reports.contains(where: \.finished) { await Task.yield() }
        link.push(.board(GroupBoardMessage(
            board: GroupBoard(phase: .over, terms: terms, runners: runners), places: [1, 2], runners: 2, total: 2, teamMetres: 1900)))
        let outcome = await running.value
        // Then it reported its figures and its finish, waited, and showed the group's result with its place
        #expect(outcome.summary == finish)
        #expect(!outcome.groupFailed)
        #expect(link.reports.map(\.seq) == [1, 2])
        #expect(link.reports.last == GroupReport(seq: 2, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true))
        #expect(screen.entries.contains("2 runners in the group"))
        #expect(screen.entries.contains("Finished; waiting for the group's result…"))
        #expect(screen.entries.last?.hasPrefix(#"result {"group":{"place":1,"runners":2,"#) == true)
        #expect(!link.left)
    }

    @Test func aStandingAPersonWasToldIsRepeatedForProgramsSoALivePageKeepsItsGapsFresh() async {
        // Given a runner who finished and waits for the group's result, on a screen for a person
        let link = FakeGroupLink(terms: terms)
        let screen = GroupScreen()
        let finish = RunSummary(snapshot: RunSnapshot(elapsedSeconds: 300, distanceMetres: 1000, goalMetres: 1000), splits: [], ending: .goalReached)
        let running = Task { await run(link, screen: screen, run: [.finished(finish)]) }
        let runners = [
            GroupRunner(id: "me", name: "Me", distanceMetres: 1000, elapsedSeconds: 300, status: .finished, reachedGoal: true),
            GroupRunner(id: "bo", name: "Bo", distanceMetres: 900, elapsedSeconds: 300, status: .running),
        ]
        link.push(.board(GroupBoardMessage(
            board: GroupBoard(phase: .gathering, terms: terms, runners: runners), places: [1, nil], runners: 2, total: 2, teamMetres: 0)))
        link.push(.start(inSeconds: 0))
        for _ in 0..<10_000 where !link.reports.contains(where: \.finished) { await Task.yield() }
        // When the same standing comes twice, its gap grown the second time, then the result
        for gap in [100.0, 120.0] {
            link.push(.standing(GroupStanding(
                phase: .running, place: 1, runners: 2, leader: nil, ahead: nil,
                behind: .init(name: "Bo", gapMetres: gap, gapSeconds: gap / 3, status: .running), teamMetres: nil, goalMetres: 1000)))
        }
        for _ in 0..<10_000 where !screen.entries.contains(where: { $0.hasPrefix("repeated") }) { await Task.yield() }
        link.push(.board(GroupBoardMessage(
            board: GroupBoard(phase: .over, terms: terms, runners: runners), places: [1, nil], runners: 2, total: 2, teamMetres: 1900)))
        _ = await running.value
        // Then the person was told once, and the second, with its new gap, went to programs only
        #expect(screen.entries.filter { $0.hasPrefix("place 1/2") }.count == 1)
        let repeated = screen.entries.filter { $0.hasPrefix("repeated") }
        #expect(repeated.count == 1)
        #expect(repeated.first?.contains(#""gap_m":120.0"#) == true, "\(repeated)")
    }

    @Test func aRefusalBeforeTheStartEndsTheRunAsTheGroupsFailureWithoutRunning() async {
        // Given a runner waiting for the start
        let link = FakeGroupLink(terms: terms)
        let screen = GroupScreen()
        let running = Task { await run(link, screen: screen, run: []) }
        // When the group refuses it
        link.push(.refused(reason: "names must differ"))
        let outcome = await running.value
        // Then it says so, says goodbye, and never ran
        #expect(outcome.groupFailed)
        #expect(outcome.summary.snapshot.distanceMetres == 0)
        #expect(link.left)
        #expect(screen.entries.contains("materun: the group refused this runner: names must differ"))
        #expect(link.reports.isEmpty)
    }

    @Test func aRunnerWhoStopsMidRunReportsItsCancelledFinishWithItsFiguresAndLeaves() async throws {
        // Given a runner whose group started and whose run has covered 30 m
        let link = FakeGroupLink(terms: terms)
        let screen = GroupScreen()
        let profile = RunnerProfile(name: "Me", weightKilograms: 60)
        let clock = ManualClock()
        let progress = RunEvent.progress(RunSnapshot(elapsedSeconds: 10, distanceMetres: 30))
        let running = Task {
            let engine = RunEngine(profile: profile, screen: screen, wallClock: clock) { _, _ in RunStoppedByCtrlC(first: progress) }
            return await engine.run(GroupCompanion(profile: profile, link: link, now: clock.now()))
        }
        link.push(.start(inSeconds: 0))
        try await withTimeout(60) {
            while !link.reports.contains(where: { $0.distanceMetres == 30 }) { await Task.yield() }
        }
        // When the runner presses Ctrl-C
        running.cancel()
        let outcome = await running.value
        // Then the run ends cancelled with the figures it had, the group is told, and the runner leaves
        #expect(outcome.summary.ending == .cancelled)
        #expect(outcome.summary.snapshot.distanceMetres == 30)
        #expect(!outcome.groupFailed)
        #expect(link.reports.last?.finished == true)
        #expect(link.left)
    }

    @Test func aRunnerWaitingForTheResultAfterItsFinishStopsOnCtrlC() async throws {
        // Given a runner who finished while the group still runs
        let link = FakeGroupLink(terms: terms)
        let screen = GroupScreen()
        let finish = RunSummary(snapshot: RunSnapshot(elapsedSeconds: 300, distanceMetres: 1000, goalMetres: 1000), splits: [], ending: .goalReached)
        let running = Task { await run(link, screen: screen, run: [.finished(finish)]) }
        link.push(.start(inSeconds: 0))
        try await withTimeout(60) {
            while !link.reports.contains(where: \.finished) { await Task.yield() }
        }
        // When the runner presses Ctrl-C instead of waiting for the others
        running.cancel()
        let outcome = try await withTimeout(60) { await running.value }
        // Then it stops at once: its own finish stands, it says goodbye, and it shows that no result came
        #expect(outcome.summary == finish)
        #expect(link.left)
        #expect(screen.entries.last?.hasPrefix("result ") == true)
    }
}

