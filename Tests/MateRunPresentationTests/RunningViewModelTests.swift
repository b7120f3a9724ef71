import MateRunDomain
import Testing
@testable import MateRunPresentation

@Suite("Running view model")
struct RunningViewModelTests {
    @Test func anInputIsNoLargerThanAMatesStatusForAPairedResultIsBoxed() {
        // An event reaches the view model as an input once a second of run time, and an input
        // is as large as its largest case: a paired run's result, 576 bytes, is boxed, so that
        // an input is the mate's status (88 bytes), not that
        #expect(MemoryLayout<RunningViewModel.Input>.stride == MemoryLayout<MateStatus>.stride)
        #expect(MemoryLayout<RunningViewModel.Input>.stride < MemoryLayout<PairedRunSummary>.stride)
    }

    @Test("a new view model is ready with zeroed numbers and placeholder paces")
    func initialState() {
        // Given a new view model; When nothing is sent; Then it shows a zeroed, ready panel
        let state = RunningViewModel().state
        #expect(state.status == .ready)
        #expect(state.elapsed == "00:00:00")
        #expect(state.distance == "0.00 km")
        #expect(state.currentPace == "-'--\"/km")
        #expect(state.progressFraction == nil)
    }

    @Test("starting sets the name and the goal, with progress at zero")
    func started() {
        // Given a view model
        var viewModel = RunningViewModel()
        // When a 5 km run starts
        let state = viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        // Then the panel names the runner and shows the empty goal
        #expect(state.runnerName == "Alice")
        #expect(state.status == .running)
        #expect(state.progressFraction == 0)
        #expect(state.progressLabel == "0.00 / 5.00 km  0%")
        #expect(state.progressPercent == "0%")
    }

    @Test("status goes from countdown to running to paused to finished")
    func statusTransitions() {
        // Given a started run
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        // When it counts down, runs, pauses, resumes and reaches the goal
        #expect(viewModel.send(.countdown(3)).statusText == "STARTS IN 3")
        #expect(viewModel.send(.countdown(1)).status == .countdown(1))
        #expect(viewModel.send(.countdown(0)).status == .running)
        #expect(viewModel.send(.event(.progress(Fixtures.midRun))).statusText == "RUNNING")
        var paused = Fixtures.midRun
        paused.isPaused = true
        #expect(viewModel.send(.event(.paused(paused, by: .auto))).statusText == "PAUSED")
        #expect(viewModel.send(.event(.progress(paused))).status == .paused)
        #expect(viewModel.send(.event(.resumed(Fixtures.midRun, by: .auto))).status == .running)
        var end = Fixtures.midRun
        end.distanceMetres = 5000
        let finished = viewModel.send(.event(.finished(RunSummary(snapshot: end, splits: [], ending: .goalReached))))
        // Then each step shows, and the end says the goal was reached
        #expect(finished.status == .finished(.goalReached))
        #expect(finished.statusText == "GOAL REACHED")
        #expect(finished.progressLabel == "5.00 / 5.00 km  100%")
    }

    @Test("a run ended by the scenario says ended, a cancelled run says cancelled")
    func endings() {
        // Given a started run; When it ends either way; Then the status says how
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: nil))
        let ended = viewModel.send(.event(.finished(RunSummary(snapshot: Fixtures.midRun, splits: [], ending: .sensorsEnded))))
        #expect(ended.statusText == "ENDED")
        let cancelled = viewModel.send(.event(.finished(RunSummary(snapshot: Fixtures.midRun, splits: [], ending: .cancelled))))
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.statusText == "CANCELLED")
    }

    @Test("a progress event formats every number of the snapshot")
    func progressFormatting() {
        // Given a run 12:31 in; When its snapshot arrives
        let state = Fixtures.runningState()
        // Then every field is formatted by the shared rules
        #expect(state.elapsed == "00:12:31")
        #expect(state.moving == "00:12:05")
        #expect(state.distance == "2.41 km")
        #expect(state.calories == "163 kcal")
        #expect(state.currentPace == "5'12\"/km")
        #expect(state.averagePace == "5'01\"/km")
        #expect(state.progressLabel == "2.41 / 5.00 km  48%")
        #expect(state.lastSplit == "km 2  5'03\"/km  +12 m")
        #expect(abs((state.progressFraction ?? 0) - 0.48294) < 1e-4)
    }

    @Test("without a goal the progress label is the distance and there is no fraction")
    func noGoal() {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: nil))
        var snapshot = Fixtures.midRun
        snapshot.goalMetres = nil
        let state = viewModel.send(.event(.progress(snapshot)))
        #expect(state.progressFraction == nil)
        #expect(state.progressPercent == nil)
        #expect(state.progressLabel == "2.41 km")
    }

    @Test("a field whose shown value did not change keeps its text, a changed one is updated")
    func onlyChangesReformat() {
        // Given a run showing 00:12:31
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        var snapshot = Fixtures.midRun
        let before = viewModel.send(.event(.progress(snapshot)))
        // When less than a second and less than 10 m pass
        snapshot.elapsedSeconds += 0.5
        snapshot.distanceMetres += 3
        let same = viewModel.send(.event(.progress(snapshot)))
        // Then the texts are unchanged; once the quantities move, they update
        #expect(same.elapsed == before.elapsed)
        #expect(same.distance == before.distance)
        snapshot.elapsedSeconds += 0.5
        snapshot.distanceMetres += 10
        let after = viewModel.send(.event(.progress(snapshot)))
        #expect(after.elapsed == "00:12:32")
        #expect(after.distance == "2.42 km")
        #expect(after.progressLabel == "2.42 / 5.00 km  48%")
    }

    @Test("losing the pace shows the placeholder again")
    func paceLost() {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 5000))
        var snapshot = Fixtures.midRun
        #expect(viewModel.send(.event(.progress(snapshot))).currentPace == "5'12\"/km")
        snapshot.currentPaceSecondsPerKilometre = nil
        #expect(viewModel.send(.event(.progress(snapshot))).currentPace == "-'--\"/km")
    }

    @Test("a race mate shows distance against the goal, the lead, and how long they were silent")
    func raceMate() throws {
        // Given a race mate 40 m behind, silent for 7 s
        let state = Fixtures.runningState(mate: Fixtures.raceMate)
        // When formatted; Then the section reads as a race
        let mate = try #require(state.mate)
        #expect(mate.name == "Bob")
        #expect(mate.distance == "2.37 km")
        #expect(mate.progressLabel == "2.37 / 5.00 km  47%")
        #expect(mate.lead == "ahead by 40 m")
        #expect(mate.lastSeen == "last seen 7 s ago")
        #expect(mate.connection == nil)
        #expect(mate.ownShareFraction == nil)
    }

    @Test("a mate heard from in the last 5 s is not flagged, and a lead of the other sign is behind")
    func freshMateBehind() {
        var mate = Fixtures.raceMate
        mate.lastSeenSecondsAgo = 4.9
        mate.leadMetres = -1250
        let section = Fixtures.runningState(mate: mate).mate
        #expect(section?.lastSeen == nil)
        #expect(section?.lead == "behind by 1.25 km")
        mate.leadMetres = 0.4
        #expect(Fixtures.runningState(mate: mate).mate?.lead == "level")
    }

    @Test("a team mate adds to the shared goal and a lost connection is said")
    func teamMate() {
        // Given a disconnected team mate with 3.10 km of a shared 10 km
        let section = Fixtures.runningState(mate: Fixtures.teamMate).mate
        // Then the team total and the runner's share show, with no lead
        #expect(section?.progressLabel == "5.51 / 10.00 km  55%")
        #expect(section?.ownShareFraction.map { abs($0 - 0.24147) < 1e-4 } == true)
        #expect(section?.lead == nil)
        #expect(section?.connection == "connection lost")
    }

    @Test("in a team, the shared total follows the runner's own progress")
    func teamFollowsOwnDistance() {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: Fixtures.alice, goalMetres: 10_000))
        viewModel.send(.mate(Fixtures.teamMate))
        var snapshot = Fixtures.midRun
        snapshot.goalMetres = 10_000
        snapshot.distanceMetres = 1000
        #expect(viewModel.send(.event(.progress(snapshot))).mate?.progressLabel == "4.10 / 10.00 km  41%")
    }
}
