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

    /// Wall seconds without a board or standing after which a finished runner stops waiting for
    /// the result and shows the last board it has.
    static let resultPatience = 20.0

    let profile: RunnerProfile
    let membership: GroupMembership
    let screen: any RunScreen
    let wallClock: any RunClock
    let makeRun: RunFactory
    let runClock: () -> any RunClock
    var keeper: RunKeeper?

    private enum Input: Sendable {
        case group(GroupMembership.Event)
        case run(RunEvent)
        case tick
    }

    func run() async -> RunSummary {
        var viewModel = RunningViewModel()
        let terms = membership.terms
        viewModel.send(.started(profile: profile, goalMetres: terms.ownGoalMetres))
        guard let startIn = await waitForStart() else {
            await membership.leave()
            return finish(.notStarted(goalMetres: terms.ownGoalMetres), board: nil, began: false, viewModel: &viewModel)
        }
        let countdown = Countdown(clock: wallClock, screen: screen)
        guard await countdown.run(seconds: startIn, viewModel: &viewModel) else {
            await membership.leave()
            return finish(.notStarted(goalMetres: terms.ownGoalMetres), board: nil, began: false, viewModel: &viewModel)
        }
        screen.show(viewModel.send(.countdown(0)))
        keeper?.begin()
        let stopSignal = RunStopSignal()
        let useCase = makeRun(terms.ownGoalMetres, stopSignal, runClock())
        let (inputs, sink) = AsyncStream.makeStream(of: Input.self)
        let wall = wallClock
        let feeders = [
            Task {
                for await event in useCase.events() { sink.yield(.run(event)) }
            },
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
        var own: RunSummary?
        var result: GroupWire.BoardMessage?
        var lastBoard: GroupWire.BoardMessage?
        var lastHeard = wall.now()
        var seq = 0
        var lastReport = -Double.infinity
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
                screen.update(event, state: viewModel.send(.event(event)), mate: nil)
                if let snapshot = event.snapshot, !refused, wall.now() >= lastReport + 1 {
                    lastReport = wall.now()
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
        feeders.forEach { $0.cancel() }
        membership.close()
        guard let own else { return .notStarted(goalMetres: terms.ownGoalMetres) }
        return finish(own, board: result ?? lastBoard, began: true, viewModel: &viewModel)
    }

    /// Waits for the group's start; the wall seconds until it, or nil when cancelled or refused.
    private func waitForStart() async -> Double? {
        var runners = 0
        for await event in membership.events {
            if Task.isCancelled { return nil }
            switch event {
            case .start(let seconds):
                return seconds
            case .board(let board) where board.runners != runners:
                runners = board.runners
                screen.announce(
                    [("type", .string("gathering")), ("runners", .integer(runners))], text: "\(runners) runner\(runners == 1 ? "" : "s") in the group")
            case .refused(let reason):
                screen.messageWriter("materun: the group refused this runner: \(TerminalText.neutralised(reason))")
                return nil
            default:
                continue
            }
        }
        return nil
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
        let runners = board?.board.runners ?? []
        let places = board?.places ?? []
        let ownPlace = zip(runners, places).first { $0.0.id == membership.id }?.1 ?? nil
        let field = GroupView.summaryField(place: ownPlace, runners: board?.runners ?? 0, results: runners, places: places)
        if began {
            keeper?.finish(summary, group: RecordedGroupResult(
                place: ownPlace, runners: board?.runners ?? 0,
                results: zip(runners, places).map { runner, place in
                    RecordedGroupResult.Entry(
                        place: place, name: runner.name, distanceMetres: runner.distanceMetres, elapsedSeconds: runner.elapsedSeconds)
                }))
        }
        var table = GroupView.tableLines(runners, places: places, total: board?.board.runners.count ?? 0)
        if board?.board.phase != .over { table.insert("(the group's result did not arrive; its last board:)", at: 0) }
        screen.finishGroup(summary, profile: profile, state: state, group: field, table: table)
        return summary
    }
}
