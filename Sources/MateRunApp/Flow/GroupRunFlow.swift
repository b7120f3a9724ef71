import MateRunDomain
import MateRunGroup
import MateRunJSON
import MateRunPresentation

/// Moves one runner through a group run: waiting for the start the group agrees on, the
/// countdown, the run with the runner's standing, and the group's result table.
///
/// The runner reports its figures at most once a wall second and its finish at once; after its
/// own finish it waits for the group's result as long as the group is heard from, so that a
/// vanished coordinator never keeps it waiting for ever.
struct GroupRunFlow {
    typealias RunFactory = @Sendable (_ goalMetres: Double?, _ stopSignal: RunStopSignal, _ clock: any RunClock) -> any RunningUseCase

    /// Wall seconds without a board or standing after which a runner stops waiting: for the start
    /// (the creator's process is gone), or, once finished, for the result (it shows the last board).
    static let resultPatience = 20.0

    let profile: RunnerProfile
    let membership: GroupMembership
    let screen: any RunScreen
    let wallClock: any RunClock
    let makeRun: RunFactory
    let runClock: () -> any RunClock
    var keeper: RunKeeper?

    /// How the flow ended: the runner's summary, and whether the group failed this runner (it
    /// was refused before the start, or the group went silent) rather than the runner stopping.
    struct Outcome {
        var summary: RunSummary
        var groupFailed: Bool
    }

    /// Why the wait for the start ended without one.
    private enum NoStart {
        case cancelled
        case groupFailed
    }

    private enum Input: Sendable {
        case group(GroupMembership.Event)
        case run(RunEvent)
        case tick
    }

    func run() async -> Outcome {
        var viewModel = RunningViewModel()
        let terms = membership.terms
        viewModel.send(.started(profile: profile, goalMetres: terms.ownGoalMetres))
        // One stream of inputs for the whole flow: the group's events and the wall's seconds from
        // now, the run's events from its start.
        let (inputs, sink) = AsyncStream.makeStream(of: Input.self)
        let wall = wallClock
        var feeders = [
            Task { [membership] in
                for await event in membership.events { sink.yield(.group(event)) }
            },
            Task {
                var deadline = wall.now() + 1
                while (try? await wall.sleep(until: deadline)) != nil {
                    sink.yield(.tick)
                    deadline = max(deadline + 1, wall.now())
                }
            },
        ]
        defer { feeders.forEach { $0.cancel() } }
        let startIn: Double
        switch await waitForStart(inputs) {
        case .success(let seconds):
            startIn = seconds
        case .failure(let noStart):
            await membership.leave()
            let summary = finish(.notStarted(goalMetres: terms.ownGoalMetres), board: nil, began: false, viewModel: &viewModel)
            return Outcome(summary: summary, groupFailed: noStart.reason == .groupFailed)
        }
        let countdown = Countdown(clock: wallClock, screen: screen)
        guard await countdown.run(seconds: startIn, viewModel: &viewModel) else {
            await membership.leave()
            let summary = finish(.notStarted(goalMetres: terms.ownGoalMetres), board: nil, began: false, viewModel: &viewModel)
            return Outcome(summary: summary, groupFailed: false)
        }
        screen.show(viewModel.send(.countdown(0)))
        keeper?.begin()
        let stopSignal = RunStopSignal()
        let useCase = makeRun(terms.ownGoalMetres, stopSignal, runClock())
        feeders.append(Task {
            await useCase.events().forEach { sink.yield(.run($0)) }
        })
        var own: RunSummary?
        var result: GroupWire.BoardMessage?
        var lastBoard: GroupWire.BoardMessage?
        var lastHeard = wall.now()
        var seq = 0
        var reportDue = WallClockThrottle(interval: 1, steady: false)
        var refused = false
        var shownStanding: String?
        for await input in inputs {
            switch input {
            case .run(.finished(let summary)):
                own = summary
                seq += 1
                if !refused {
                    membership.report(GroupReport(
                        seq: seq, elapsedSeconds: summary.snapshot.elapsedSeconds, distanceMetres: summary.snapshot.distanceMetres,
                        finished: true, reachedGoal: summary.reachedGoal))
                }
                if summary.wasCancelled {
                    await membership.leave()
                } else if result == nil {
                    screen.announce([], text: "Finished; waiting for the group's result…")
                }
            case .run(let event):
                keeper?.record(event)
                viewModel.take(.event(event))
                screen.update(event, state: viewModel.state, mate: nil)
                if let snapshot = event.snapshot, !refused, reportDue.isDue(clock: wall.now) {
                    seq += 1
                    membership.report(GroupReport(seq: seq, elapsedSeconds: snapshot.elapsedSeconds, distanceMetres: snapshot.distanceMetres))
                }
            case .group(.standing(let standing)):
                lastHeard = wall.now()
                show(standing, shown: &shownStanding)
            case .group(.board(let board)):
                lastHeard = wall.now()
                lastBoard = board
                if board.board.phase == .over { result = board }
            case .group(.stop):
                stopSignal.stop(.endedByMate)
            case .group(.refused(let reason)):
                refused = true
                screen.messageWriter("materun: the group refused this runner: \(TerminalText.neutralised(reason))")
            case .group(.start):
                break
            case .tick:
                break
            }
            if own?.wasCancelled == true { break }
            if own != nil, result != nil || refused || wall.now() - lastHeard > Self.resultPatience { break }
        }
        membership.close()
        guard let own else { return Outcome(summary: .notStarted(goalMetres: terms.ownGoalMetres), groupFailed: false) }
        return Outcome(summary: finish(own, board: result ?? lastBoard, began: true, viewModel: &viewModel), groupFailed: false)
    }

    /// Waits for the group's start; the wall seconds until it, or nil when cancelled, refused, or
    /// when the group (its creator's process) has not been heard from for `resultPatience`.
    private func waitForStart(_ inputs: AsyncStream<Input>) async -> Result<Double, NoStartError> {
        var runners = 0
        var lastHeard = wallClock.now()
        for await input in inputs {
            if Task.isCancelled { return .failure(NoStartError(.cancelled)) }
            switch input {
            case .group(.start(let seconds)):
                return .success(seconds)
            case .group(.board(let board)):
                lastHeard = wallClock.now()
                guard board.runners != runners else { continue }
                runners = board.runners
                screen.announce(
                    [("type", .string("gathering")), ("runners", .integer(runners))], text: "\(runners) runner\(runners == 1 ? "" : "s") in the group")
            case .group(.refused(let reason)):
                screen.messageWriter("materun: the group refused this runner: \(TerminalText.neutralised(reason))")
                return .failure(NoStartError(.groupFailed))
            case .tick where wallClock.now() - lastHeard > Self.resultPatience:
                screen.messageWriter("materun: the group has not been heard from for \(Int(Self.resultPatience)) s; its creator may be gone")
                return .failure(NoStartError(.groupFailed))
            default:
                continue
            }
        }
        return .failure(NoStartError(.cancelled))
    }

    /// `NoStart` as an `Error`, so that it fits in a `Result`.
    private struct NoStartError: Error {
        let reason: NoStart
        init(_ reason: NoStart) { self.reason = reason }
    }

    /// The standing: every second for programs, when it changes in words for people.
    private func show(_ standing: GroupStanding, shown: inout String?) {
        let text = GroupView.standingText(standing)
        let gist = [standing.place.map(String.init) ?? "-", standing.ahead?.name ?? "", standing.behind?.name ?? ""].joined(separator: "|")
        let fields = GroupView.standingFields(standing)
        if screen is JSONEventScreen {
            screen.announce(fields, text: text)
        } else if gist != shown {
            shown = gist
            screen.announce(fields, text: text)
        }
    }

    /// Shows the result and, for a run that began, keeps it with the group's result.
    private func finish(
        _ summary: RunSummary, board: GroupWire.BoardMessage?, began: Bool, viewModel: inout RunningViewModel
    ) -> RunSummary {
        let state = viewModel.send(.event(.finished(summary)))
        guard began else {
            screen.finish(summary, profile: profile, state: state, pair: nil, kept: nil)
            return summary
        }
        let runners = board?.board.runners ?? []
        let places = board?.places ?? []
        let ownPlace = zip(runners, places).first { $0.0.id == membership.id }?.1 ?? nil
        let kept = keeper?.finish(summary, group: RecordedGroupResult(
            place: ownPlace, runners: board?.runners ?? 0,
            results: zip(runners, places).map { runner, place in
                RecordedGroupResult.Entry(
                    place: place, name: runner.name, distanceMetres: runner.distanceMetres, elapsedSeconds: runner.elapsedSeconds)
            }))
        let field = GroupView.summaryField(place: ownPlace, runners: board?.runners ?? 0, results: runners, places: places)
        var table = GroupView.tableLines(runners, places: places, total: board?.runners ?? 0)
        if board?.board.phase != .over { table.insert("(the group's result did not arrive; its last board:)", at: 0) }
        screen.finishGroup(summary, profile: profile, state: state, group: field, table: table, kept: kept)
        return summary
    }
}
