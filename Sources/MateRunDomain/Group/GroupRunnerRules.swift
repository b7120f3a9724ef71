/// What reaches one runner of a group: the group's news, the runner's own run, and the passing
/// of wall-clock time.
package enum GroupRunnerInput: Sendable, Equatable {
    /// The group said something (`GroupLink`).
    case group(GroupLinkEvent)
    /// The runner's run moved on: its figures now.
    case progress(elapsedSeconds: Double, distanceMetres: Double)
    /// The runner's run is over.
    case finished(elapsedSeconds: Double, distanceMetres: Double, reachedGoal: Bool, cancelled: Bool)
    /// The countdown to the group's start ended: the runner's run begins.
    case runBegan
    /// The runner gave up before the run began (Ctrl-C while waiting or counting down).
    case cancelledBeforeStart
    /// The runner's run is over and it stops waiting for the group's result (Ctrl-C).
    case stoppedWaiting
    /// A wall-clock second passed.
    case tick
}

/// What the runner's side must do, in order.
package enum GroupRunnerAction: Sendable, Equatable {
    /// Tell the person how many runners are in, while the group gathers.
    case showGathering(runners: Int)
    /// The group starts: count down `inSeconds` wall seconds, then run.
    case startRun(inSeconds: Double)
    /// Send the runner's figures to the group.
    case report(GroupReport)
    /// Show the runner's place and neighbours.
    case showStanding(GroupStanding)
    /// The team reached its goal: end the runner's run (ended by the group).
    case stopRun
    /// Tell the person the group refused this runner, and why.
    case tellRefused(reason: String)
    /// Tell the person the group has not been heard from for `seconds`.
    case tellGroupSilent(seconds: Double)
    /// Tell the person the run is over and the group's result is awaited.
    case tellWaitingForResult
    /// Say goodbye to the group.
    case leave
    /// The runner's part is over; nothing follows.
    case conclude(GroupRunnerConclusion)
}

/// How a runner's part in a group ended.
package struct GroupRunnerConclusion: Sendable, Equatable {
    /// The run began (a countdown ended); false when it ended while waiting for the start.
    package var began: Bool
    /// The group's result, or its last board when the result never came; nil when none came.
    package var board: GroupBoardMessage?
    /// The group failed this runner (refused before the start, or silent), rather than the
    /// runner stopping.
    package var groupFailed: Bool

    package init(began: Bool, board: GroupBoardMessage?, groupFailed: Bool) {
        self.began = began
        self.board = board
        self.groupFailed = groupFailed
    }
}

/// One runner's side of a group run as a synchronous state machine, in the style of
/// `MatePairRules`: inputs in, actions out, no clock and no I/O, so that every rule is tested
/// exactly with a manual clock. `GroupRaceRules` is the coordinator's side.
///
/// - Before the start: the gathering's size is shown as it changes; the group's `start` starts
///   the run; a refusal, or `patience` seconds without a board, ends the wait as the group's
///   failure (its creator may be gone), and the runner says goodbye.
/// - Running: the runner reports its figures at most once a wall second, and its finish at once
///   (never once refused); the standing is shown as it comes; the group's `stop` (a team that
///   reached its goal) ends the run.
/// - After its own finish the runner repeats it once a report interval and waits for the result
///   as long as the group is heard from: it
///   concludes on the result, on a refusal, or after `patience` seconds without a board or a
///   standing (with the last board it had), or when the runner stops waiting (Ctrl-C: it says
///   goodbye, with the last board it had). A run cancelled by the runner reports where it
///   stopped as its finish, says goodbye and concludes at once.
package struct GroupRunnerRules: Sendable {
    /// Wall seconds without a board or standing after which a runner stops waiting: for the start,
    /// or, once finished, for the result.
    package static let patience = 20.0
    /// Wall seconds between two reports at least.
    package static let reportInterval = 1.0

    private enum Phase {
        case waitingForStart
        case countingDown
        case running
        case over
    }

    private var phase = Phase.waitingForStart
    private var lastHeard: Double
    private var gatheringShown: Int?
    private var seq = 0
    private var nextReportAt = -Double.infinity
    private var refused = false
    private var finished = false
    /// The runner's finish as last reported, sent again while it waits for the result.
    private var finish: GroupReport?
    private var lastBoard: GroupBoardMessage?

    /// Rules for a runner who joined at wall time `now`.
    package init(now: Double) {
        lastHeard = now
    }

    /// Whether the runner's part is over.
    package var isOver: Bool { phase == .over }

    /// Takes in one input at wall-clock time `now` and says what to do, in order.
    package mutating func handle(_ input: GroupRunnerInput, now: Double) -> [GroupRunnerAction] {
        switch phase {
        case .waitingForStart: beforeStart(input, now: now)
        case .countingDown: countingDown(input, now: now)
        case .running: running(input, now: now)
        case .over: []
        }
    }

    private mutating func beforeStart(_ input: GroupRunnerInput, now: Double) -> [GroupRunnerAction] {
        switch input {
        case .group(.start(let seconds)):
            phase = .countingDown
            return [.startRun(inSeconds: seconds)]
        case .group(.board(let board)):
            lastHeard = now
            lastBoard = board
            guard board.runners != gatheringShown else { return [] }
            gatheringShown = board.runners
            return [.showGathering(runners: board.runners)]
        case .group(.refused(let reason)):
            return [.tellRefused(reason: reason)] + conclude(began: false, groupFailed: true, leaving: true)
        case .tick where now - lastHeard > Self.patience:
            return [.tellGroupSilent(seconds: Self.patience)] + conclude(began: false, groupFailed: true, leaving: true)
        case .cancelledBeforeStart:
            return conclude(began: false, groupFailed: false, leaving: true)
        case .group(.standing), .group(.stop), .progress, .finished, .runBegan, .tick, .stoppedWaiting:
            return []
        }
    }

    /// Between the group's start and the end of the countdown: what the group says is kept (a
    /// board, a refusal), and the runner may still give up.
    private mutating func countingDown(_ input: GroupRunnerInput, now: Double) -> [GroupRunnerAction] {
        switch input {
        case .runBegan:
            phase = .running
            lastHeard = now
            return []
        case .cancelledBeforeStart:
            return conclude(began: false, groupFailed: false, leaving: true)
        case .group(.board(let board)):
            lastBoard = board
            return []
        case .group(.refused(let reason)):
            refused = true
            return [.tellRefused(reason: reason)]
        case .group, .progress, .finished, .tick, .stoppedWaiting:
            return []
        }
    }

    private mutating func running(_ input: GroupRunnerInput, now: Double) -> [GroupRunnerAction] {
        var actions: [GroupRunnerAction] = []
        switch input {
        case .progress(let elapsed, let distance):
            guard !refused, !finished, now >= nextReportAt else { break }
            nextReportAt = now + Self.reportInterval
            seq += 1
            actions.append(.report(GroupReport(seq: seq, elapsedSeconds: elapsed, distanceMetres: distance)))
        case .finished(let elapsed, let distance, let reachedGoal, let cancelled):
            finished = true
            seq += 1
            nextReportAt = now + Self.reportInterval
            if !refused {
                let report = GroupReport(seq: seq, elapsedSeconds: elapsed, distanceMetres: distance, finished: true, reachedGoal: reachedGoal)
                finish = report
                actions.append(.report(report))
            }
            if cancelled { return actions + conclude(began: true, groupFailed: false, leaving: true) }
            if lastBoard?.isResult != true { actions.append(.tellWaitingForResult) }
        case .group(.standing(let standing)):
            lastHeard = now
            actions.append(.showStanding(standing))
        case .group(.board(let board)):
            lastHeard = now
            if lastBoard?.isResult != true { lastBoard = board }
        case .group(.stop):
            if !finished { actions.append(.stopRun) }
        case .group(.refused(let reason)):
            guard !refused else { break }
            refused = true
            actions.append(.tellRefused(reason: reason))
        case .stoppedWaiting where finished:
            // Shown with the last board it had, as when the group goes silent.
            return actions + conclude(began: true, groupFailed: false, leaving: true)
        case .tick:
            actions += repeatedFinish(now: now)
        case .group(.start), .runBegan, .cancelledBeforeStart, .stoppedWaiting:
            break
        }
        if finished, lastBoard?.isResult == true || refused || now - lastHeard > Self.patience {
            actions += conclude(began: true, groupFailed: false, leaving: false)
        }
        return actions
    }

    /// The finish again, with a new `seq`, once a report interval until the result: a finish
    /// lost while the group changed hands (a service instance taking it over) still arrives.
    private mutating func repeatedFinish(now: Double) -> [GroupRunnerAction] {
        guard var report = finish, !refused, lastBoard?.isResult != true, now >= nextReportAt else { return [] }
        nextReportAt = now + Self.reportInterval
        seq += 1
        report.seq = seq
        return [.report(report)]
    }

    private mutating func conclude(began: Bool, groupFailed: Bool, leaving: Bool) -> [GroupRunnerAction] {
        phase = .over
        let conclusion = GroupRunnerConclusion(began: began, board: began ? lastBoard : nil, groupFailed: groupFailed)
        return (leaving ? [.leave] : []) + [.conclude(conclusion)]
    }
}
