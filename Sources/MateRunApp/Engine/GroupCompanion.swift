import MateRunDomain
import MateRunGroup
import MateRunJSON
import MateRunPresentation

/// A group running beside the runner, over a `GroupLink`: `GroupRunnerRules` decide when the
/// run starts, what to report, what to show and when the runner's part is over; this carries
/// it out and shows the result table.
struct GroupCompanion: RunCompanion {
    /// The runner's summary, and whether the group failed this runner (it was refused before
    /// the start, or the group went silent) rather than the runner stopping.
    struct Outcome {
        var summary: RunSummary
        var groupFailed: Bool
    }

    let profile: RunnerProfile
    let link: any GroupLink
    /// How many group messages this process dropped so far (forged, replayed, over a limit): the
    /// summary's `group.dropped`, and a line on the error stream when not zero.
    let droppedMessages: @Sendable () -> Int
    private var rules: GroupRunnerRules
    private var shownStanding: String?
    private var conclusion: GroupRunnerConclusion?

    init(profile: RunnerProfile, link: any GroupLink, now: Double, droppedMessages: @escaping @Sendable () -> Int = { 0 }) {
        self.profile = profile
        self.link = link
        self.droppedMessages = droppedMessages
        rules = GroupRunnerRules(now: now)
    }

    var ownGoalMetres: Double? { link.terms.ownGoalMetres }
    var messages: AsyncStream<GroupLinkEvent>? { link.events }
    /// The group says when it starts.
    var secondsUntilStart: Double? { nil }

    func beside(_ event: RunEvent) -> CompanionView { CompanionView() }

    mutating func take(_ input: RunInput<GroupLinkEvent>, now: Double, participants: inout RunParticipants) async -> [RunDirective] {
        let taken: GroupRunnerInput
        switch input {
        case .message(let event): taken = .group(event)
        case .tick: taken = .tick
        case .began: taken = .runBegan
        case .cancelledBeforeStart: taken = .cancelledBeforeStart
        case .stoppedWaiting: taken = .stoppedWaiting
        case .own(.finished(let summary)):
            let figures = summary.snapshot
            taken = .finished(
                elapsedSeconds: figures.elapsedSeconds, distanceMetres: figures.distanceMetres,
                reachedGoal: summary.reachedGoal, cancelled: summary.wasCancelled)
        case .own(let event):
            guard let snapshot = event.snapshot else { return [] }
            taken = .progress(elapsedSeconds: snapshot.elapsedSeconds, distanceMetres: snapshot.distanceMetres)
        }
        return await carryOut(rules.handle(taken, now: now), screen: participants.screen)
    }

    private mutating func carryOut(_ actions: [GroupRunnerAction], screen: any RunScreen) async -> [RunDirective] {
        var directives: [RunDirective] = []
        for action in actions {
            switch action {
            case .showGathering(let runners):
                screen.announce(
                    [("type", .string("gathering")), ("runners", .integer(runners))],
                    text: "\(runners) runner\(runners == 1 ? "" : "s") in the group")
            case .startRun(let seconds): directives.append(.startIn(seconds))
            case .report(let report): link.report(report)
            case .showStanding(let standing): show(standing, on: screen)
            case .stopRun: directives.append(.stopRun(.endedByMate))
            case .tellRefused(let reason):
                screen.messageWriter("materun: the group refused this runner: \(TerminalText.neutralised(reason))")
            case .tellGroupSilent(let seconds):
                screen.messageWriter("materun: the group has not been heard from for \(Int(seconds)) s; its creator may be gone")
            case .tellWaitingForResult: screen.announce([], text: "Finished; waiting for the group's result…")
            case .leave: await link.leave()
            case .conclude(let ended):
                conclusion = ended
                directives.append(.conclude)
            }
        }
        return directives
    }

    /// The standing: every second for programs (and a live page), when it changes in words for people.
    private mutating func show(_ standing: GroupStanding, on screen: any RunScreen) {
        let text = GroupView.standingText(standing)
        let gist = [standing.place.map(String.init) ?? "-", standing.ahead?.name ?? "", standing.behind?.name ?? ""].joined(separator: "|")
        let fields = GroupView.standingFields(standing)
        if screen.isForPrograms {
            screen.announce(fields, text: text)
        } else if gist != shownStanding {
            shownStanding = gist
            screen.announce(fields, text: text)
        } else {
            screen.repeatForPrograms(fields)
        }
    }

    /// Shows the result and, for a run that began, keeps it with the group's result.
    mutating func finish(_ own: RunSummary?, participants: inout RunParticipants) async -> Outcome {
        link.close()
        let ended = conclusion ?? GroupRunnerConclusion(began: own != nil, board: nil, groupFailed: false)
        let summary = own ?? .notStarted(goalMetres: ownGoalMetres)
        let began = ended.began && own != nil
        let board = ended.board
        let screen = participants.screen
        let state = participants.viewModel.send(.event(.finished(summary)))
        let dropped = droppedMessages()
        if dropped > 0 { screen.messageWriter("materun: dropped \(dropped) forged, replayed or excess group message\(dropped == 1 ? "" : "s")") }
        guard began else {
            screen.finish(summary, profile: profile, state: state, pair: nil, kept: nil)
            return Outcome(summary: summary, groupFailed: ended.groupFailed)
        }
        let runners = board?.board.runners ?? []
        let places = board?.places ?? []
        let ownPlace = board?.place(of: link.id)
        let kept = participants.keeper?.finish(summary, group: RecordedGroupResult(
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
        return Outcome(summary: summary, groupFailed: ended.groupFailed)
    }
}
