import MateRunDomain
import MateRunGroup
import MateRunJSON
import MateRunPresentation

/// Carries one runner through a group run: what the group and the runner's own run say goes to
/// the runner's rules (`GroupRunnerRules`), and what they decide is done here: the countdown to
/// the agreed start, the run, reports through the `GroupLink`, the standing, and the result table.
struct GroupRunFlow {
    typealias RunFactory = @Sendable (_ goalMetres: Double?, _ stopSignal: RunStopSignal, _ clock: any RunClock) -> any RunningUseCase

    let profile: RunnerProfile
    let link: any GroupLink
    let screen: any RunScreen
    let wallClock: any RunClock
    let makeRun: RunFactory
    let runClock: () -> any RunClock
    var keeper: RunKeeper?
    /// How many group messages this process dropped so far (forged, replayed, over a limit): the
    /// summary's `group.dropped`, and a line on the error stream when not zero.
    var droppedMessages: @Sendable () -> Int = { 0 }

    /// How the flow ended: the runner's summary, and whether the group failed this runner (it
    /// was refused before the start, or the group went silent) rather than the runner stopping.
    struct Outcome {
        var summary: RunSummary
        var groupFailed: Bool
    }

    private enum Input: Sendable {
        case group(GroupLinkEvent)
        case run(RunEvent)
        case tick
    }

    func run() async -> Outcome {
        var participants = RunParticipants(screen: screen, keeper: keeper)
        let terms = link.terms
        participants.viewModel.send(.started(profile: profile, goalMetres: terms.ownGoalMetres))
        // One stream of inputs for the whole flow: the group's events and the wall's seconds from
        // now, the run's events from its start.
        let (inputs, sink) = AsyncStream.makeStream(of: Input.self)
        let wall = wallClock
        var feeders = [
            Task { [link] in
                for await event in link.events { sink.yield(.group(event)) }
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
        var rules = GroupRunnerRules(now: wall.now())
        var own: RunSummary?
        var stopSignal: RunStopSignal?
        var shownStanding: String?
        var conclusion: GroupRunnerConclusion?
        /// Carries out what the rules decided; the countdown and the run's start are the caller's.
        func carryOut(_ actions: [GroupRunnerAction]) async -> Double? {
            var startIn: Double?
            for action in actions {
                switch action {
                case .showGathering(let runners):
                    screen.announce(
                        [("type", .string("gathering")), ("runners", .integer(runners))],
                        text: "\(runners) runner\(runners == 1 ? "" : "s") in the group")
                case .startRun(let seconds): startIn = seconds
                case .report(let report): link.report(report)
                case .showStanding(let standing): show(standing, shown: &shownStanding)
                case .stopRun: stopSignal?.stop(.endedByMate)
                case .tellRefused(let reason):
                    screen.messageWriter("materun: the group refused this runner: \(TerminalText.neutralised(reason))")
                case .tellGroupSilent(let seconds):
                    screen.messageWriter("materun: the group has not been heard from for \(Int(seconds)) s; its creator may be gone")
                case .tellWaitingForResult: screen.announce([], text: "Finished; waiting for the group's result…")
                case .leave: await link.leave()
                case .conclude(let ended): conclusion = ended
                }
            }
            return startIn
        }
        for await input in inputs {
            let taken: GroupRunnerInput
            switch input {
            case .group(let event): taken = .group(event)
            case .tick: taken = .tick
            case .run(.finished(let summary)):
                own = summary
                let figures = summary.snapshot
                taken = .finished(
                    elapsedSeconds: figures.elapsedSeconds, distanceMetres: figures.distanceMetres,
                    reachedGoal: summary.reachedGoal, cancelled: summary.wasCancelled)
            case .run(let event):
                participants.take(event)
                guard let snapshot = event.snapshot else { continue }
                taken = .progress(elapsedSeconds: snapshot.elapsedSeconds, distanceMetres: snapshot.distanceMetres)
            }
            if let startIn = await carryOut(rules.handle(taken, now: wall.now())) {
                let countdown = Countdown(clock: wallClock, screen: screen)
                guard await countdown.run(seconds: startIn, viewModel: &participants.viewModel) else {
                    _ = await carryOut(rules.handle(.cancelledBeforeStart, now: wall.now()))
                    break
                }
                screen.show(participants.viewModel.send(.countdown(0)))
                _ = await carryOut(rules.handle(.runBegan, now: wall.now()))
                keeper?.begin()
                let signal = RunStopSignal()
                stopSignal = signal
                let useCase = makeRun(terms.ownGoalMetres, signal, runClock())
                feeders.append(Task {
                    await useCase.events().forEach { sink.yield(.run($0)) }
                })
            }
            if conclusion != nil { break }
        }
        // The inputs end early only when the task is cancelled (Ctrl-C): before the run began,
        // that is the runner giving up.
        if conclusion == nil { _ = await carryOut(rules.handle(.cancelledBeforeStart, now: wall.now())) }
        link.close()
        let ended = conclusion ?? GroupRunnerConclusion(began: own != nil, board: nil, groupFailed: false)
        let summary = finish(
            own ?? .notStarted(goalMetres: terms.ownGoalMetres), board: ended.board, began: ended.began && own != nil,
            viewModel: &participants.viewModel)
        return Outcome(summary: summary, groupFailed: ended.groupFailed)
    }

    /// The standing: every second for programs, when it changes in words for people.
    private func show(_ standing: GroupStanding, shown: inout String?) {
        let text = GroupView.standingText(standing)
        let gist = [standing.place.map(String.init) ?? "-", standing.ahead?.name ?? "", standing.behind?.name ?? ""].joined(separator: "|")
        let fields = GroupView.standingFields(standing)
        if screen.isForPrograms {
            screen.announce(fields, text: text)
        } else if gist != shown {
            shown = gist
            screen.announce(fields, text: text)
        }
    }

    /// Shows the result and, for a run that began, keeps it with the group's result.
    private func finish(
        _ summary: RunSummary, board: GroupBoardMessage?, began: Bool, viewModel: inout RunningViewModel
    ) -> RunSummary {
        let state = viewModel.send(.event(.finished(summary)))
        let dropped = droppedMessages()
        if dropped > 0 { screen.messageWriter("materun: dropped \(dropped) forged, replayed or excess group message\(dropped == 1 ? "" : "s")") }
        guard began else {
            screen.finish(summary, profile: profile, state: state, pair: nil, kept: nil)
            return summary
        }
        let runners = board?.board.runners ?? []
        let places = board?.places ?? []
        let ownPlace = board?.place(of: link.id)
        let kept = keeper?.finish(summary, group: RecordedGroupResult(
            place: ownPlace, runners: board?.runners ?? 0,
            results: zip(runners, places).map { runner, place in
                RecordedGroupResult.Entry(
                    place: place, name: runner.name, distanceMetres: runner.distanceMetres, elapsedSeconds: runner.elapsedSeconds)
            }))
        let field = GroupView.summaryField(
            place: ownPlace, runners: board?.runners ?? 0, results: runners, places: places, dropped: dropped)
        var table = GroupView.tableLines(runners, places: places, total: board?.runners ?? 0)
        if board?.isResult != true { table.insert("(the group's result did not arrive; its last board:)", at: 0) }
        screen.finishGroup(summary, profile: profile, state: state, group: field, table: table, kept: kept)
        return summary
    }
}
