import MateRunDomain
import Testing

/// One runner's side of a group run, in memory: `now` is the wall time the test says, no server.
@Suite struct GroupRunnerRulesTests {
    private let race = GroupTerms(mode: .race, goalMetres: 1000, speed: 1)

    private func board(_ phase: GroupBoard.Phase, runners: [GroupRunner]) -> GroupBoardMessage {
        let board = GroupBoard(phase: phase, terms: race, runners: runners)
        let counted = runners.count { $0.status != .refused }
        return GroupBoardMessage(
            board: board, places: board.runners.indices.map { $0 < counted ? $0 + 1 : nil }, runners: counted,
            total: runners.count, teamMetres: board.teamMetres)
    }

    private func gathering(_ count: Int) -> GroupBoardMessage {
        board(.gathering, runners: (0..<count).map { GroupRunner(id: "r\($0)", name: "R\($0)") })
    }

    private var result: GroupBoardMessage {
        board(.over, runners: [
            GroupRunner(id: "me", name: "Me", distanceMetres: 1000, elapsedSeconds: 300, status: .finished, reachedGoal: true),
            GroupRunner(id: "bo", name: "Bo", distanceMetres: 1000, elapsedSeconds: 320, status: .finished, reachedGoal: true),
        ])
    }

    /// A runner whose group started at second 10 (a 3 s countdown) and whose run began at 13.
    private func running() -> GroupRunnerRules {
        var rules = GroupRunnerRules(now: 0)
        _ = rules.handle(.group(.start(inSeconds: 3)), now: 10)
        _ = rules.handle(.runBegan, now: 13)
        return rules
    }

    private let standing = GroupStanding(
        phase: .running, place: 2, runners: 3, leader: nil, ahead: nil, behind: nil, teamMetres: nil, goalMetres: 1000)

    private func report(_ actions: [GroupRunnerAction]) -> GroupReport? {
        actions.lazy.compactMap { if case .report(let report) = $0 { report } else { nil } }.first
    }

    // MARK: Before the start

    @Test func theGatheringIsShownWhenItsSizeChangesAndTheGroupsStartStartsTheRun() {
        // Given a runner who just joined
        var rules = GroupRunnerRules(now: 0)
        // When boards of the gathering come, then the start
        #expect(rules.handle(.group(.board(gathering(2))), now: 1) == [.showGathering(runners: 2)])
        #expect(rules.handle(.group(.board(gathering(2))), now: 2) == [])
        #expect(rules.handle(.group(.board(gathering(3))), now: 3) == [.showGathering(runners: 3)])
        // Then the start counts down the seconds the group said, and nothing is reported before the run
        #expect(rules.handle(.group(.start(inSeconds: 3)), now: 4) == [.startRun(inSeconds: 3)])
        #expect(rules.handle(.progress(elapsedSeconds: 1, distanceMetres: 3), now: 5) == [])
        #expect(!rules.isOver)
    }

    @Test func aRefusalBeforeTheStartEndsTheWaitAsTheGroupsFailureAndSaysGoodbye() {
        var rules = GroupRunnerRules(now: 0)
        let actions = rules.handle(.group(.refused(reason: "the group is full")), now: 1)
        #expect(actions == [
            .tellRefused(reason: "the group is full"), .leave,
            .conclude(GroupRunnerConclusion(began: false, board: nil, groupFailed: true)),
        ])
        #expect(rules.isOver)
        #expect(rules.handle(.group(.start(inSeconds: 3)), now: 2) == [])
    }

    @Test func aGroupSilentForTwentySecondsBeforeTheStartIsGivenUp() {
        // Given a runner who heard a board at second 5
        var rules = GroupRunnerRules(now: 0)
        _ = rules.handle(.group(.board(gathering(1))), now: 5)
        // When the seconds pass with nothing heard
        #expect(rules.handle(.tick, now: 25) == [])
        // Then past 20 s it gives up, as the group's failure
        #expect(rules.handle(.tick, now: 25.5) == [
            .tellGroupSilent(seconds: 20), .leave, .conclude(GroupRunnerConclusion(began: false, board: nil, groupFailed: true)),
        ])
    }

    @Test(arguments: [false, true])
    func givingUpBeforeTheRunBeganSaysGoodbyeAndIsNotTheGroupsFailure(duringCountdown: Bool) {
        var rules = GroupRunnerRules(now: 0)
        if duringCountdown { _ = rules.handle(.group(.start(inSeconds: 3)), now: 1) }
        #expect(rules.handle(.cancelledBeforeStart, now: 2) == [
            .leave, .conclude(GroupRunnerConclusion(began: false, board: nil, groupFailed: false)),
        ])
    }

    // MARK: Running

    @Test func figuresAreReportedAtMostOnceAWallSecondWithGrowingSequenceNumbers() {
        var rules = running()
        let first = report(rules.handle(.progress(elapsedSeconds: 1, distanceMetres: 3), now: 13.0))
        let tooSoon = report(rules.handle(.progress(elapsedSeconds: 2, distanceMetres: 6), now: 13.9))
        let second = report(rules.handle(.progress(elapsedSeconds: 3, distanceMetres: 9), now: 14.0))
        #expect(first == GroupReport(seq: 1, elapsedSeconds: 1, distanceMetres: 3))
        #expect(tooSoon == nil)
        #expect(second == GroupReport(seq: 2, elapsedSeconds: 3, distanceMetres: 9))
    }

    @Test func theFinishIsReportedAtOnceAndTheResultConcludesTheRunnersPart() {
        // Given a runner who reported a second ago, and heard its standing
        var rules = running()
        _ = rules.handle(.progress(elapsedSeconds: 299, distanceMetres: 997), now: 100)
        _ = rules.handle(.group(.standing(standing)), now: 100.1)
        // When its run reaches the goal
        let finished = rules.handle(.finished(elapsedSeconds: 300, distanceMetres: 1000, reachedGoal: true, cancelled: false), now: 100.2)
        // Then the finish goes at once, and it waits for the result
        #expect(finished == [
            .report(GroupReport(seq: 2, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true)),
            .tellWaitingForResult,
        ])
        #expect(report(rules.handle(.progress(elapsedSeconds: 300, distanceMetres: 1000), now: 102)) == nil)
        // And the result ends its part, with the result
        #expect(rules.handle(.group(.board(result)), now: 105) == [
            .conclude(GroupRunnerConclusion(began: true, board: result, groupFailed: false)),
        ])
    }

    @Test func aFinishedRunnerRepeatsItsFinishOnceASecondWithANewSeqUntilTheResult() {
        // Given a runner who finished at second 100 and waits for the result, its standing heard just before
        var rules = running()
        _ = rules.handle(.group(.standing(standing)), now: 99)
        _ = rules.handle(.finished(elapsedSeconds: 300, distanceMetres: 1000, reachedGoal: true, cancelled: false), now: 100)
        // When seconds pass (its finish may have been lost while the group changed hands)
        let soon = rules.handle(.tick, now: 100.5)
        let later = rules.handle(.tick, now: 101)
        // Then the same finish goes again once a second, each time with a newer seq
        #expect(report(soon) == nil)
        #expect(report(later) == GroupReport(seq: 2, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true))
        #expect(report(rules.handle(.tick, now: 102))?.seq == 3)
        // And never once the result is heard
        _ = rules.handle(.group(.board(result)), now: 102.5)
        #expect(rules.handle(.tick, now: 104).isEmpty)
    }

    @Test func aResultHeardBeforeTheOwnFinishEndsThePartAtTheFinishWithoutWaiting() {
        var rules = running()
        _ = rules.handle(.group(.board(result)), now: 50)
        let actions = rules.handle(.finished(elapsedSeconds: 290, distanceMetres: 980, reachedGoal: false, cancelled: false), now: 51)
        #expect(actions.count == 2)
        #expect(actions.last == .conclude(GroupRunnerConclusion(began: true, board: result, groupFailed: false)))
    }

    @Test func theTeamsStopEndsTheRunAndTheStandingIsShown() {
        var rules = running()
        #expect(rules.handle(.group(.standing(standing)), now: 20) == [.showStanding(standing)])
        #expect(rules.handle(.group(.stop), now: 21) == [.stopRun])
    }

    @Test func aRunnerRefusedMidRunRunsOnUnreportedAndConcludesAtItsFinish() {
        // Given a runner the group refused mid-run
        var rules = running()
        #expect(rules.handle(.group(.refused(reason: "too many messages")), now: 20) == [.tellRefused(reason: "too many messages")])
        // When its run goes on and ends
        #expect(report(rules.handle(.progress(elapsedSeconds: 10, distanceMetres: 30), now: 21)) == nil)
        let actions = rules.handle(.finished(elapsedSeconds: 20, distanceMetres: 60, reachedGoal: false, cancelled: false), now: 30)
        // Then nothing is reported, and its part ends at once
        #expect(actions == [.tellWaitingForResult, .conclude(GroupRunnerConclusion(began: true, board: nil, groupFailed: false))])
    }

    @Test func afterTheFinishAGroupSilentForTwentySecondsConcludesWithItsLastBoard() {
        // Given a finished runner whose group's last board came at second 100
        var rules = running()
        let last = board(.running, runners: [GroupRunner(id: "me", name: "Me", distanceMetres: 1000, status: .finished)])
        _ = rules.handle(.group(.board(last)), now: 100)
        _ = rules.handle(.finished(elapsedSeconds: 300, distanceMetres: 1000, reachedGoal: true, cancelled: false), now: 101)
        // When nothing more is heard (it only repeats its finish)
        #expect(report(rules.handle(.tick, now: 120))?.finished == true)
        // Then past 20 s its part ends with the last board, which is not the result
        let actions = rules.handle(.tick, now: 120.5)
        #expect(actions == [.conclude(GroupRunnerConclusion(began: true, board: last, groupFailed: false))])
        #expect(last.isResult == false)
    }

    @Test func aStandingHeardKeepsAFinishedRunnerWaitingForTheResult() {
        // Given a runner that finished at 100, its standing heard just before
        var rules = running()
        _ = rules.handle(.group(.standing(standing)), now: 99)
        _ = rules.handle(.finished(elapsedSeconds: 300, distanceMetres: 1000, reachedGoal: true, cancelled: false), now: 100)
        // When a standing comes again at 115
        _ = rules.handle(.group(.standing(standing)), now: 115)
        // Then at 130 it still waits (15 s since), repeating its finish, and gives up only 20 s after the last word
        #expect(rules.handle(.tick, now: 130) == [.report(GroupReport(seq: 2, elapsedSeconds: 300, distanceMetres: 1000, finished: true, reachedGoal: true))])
        #expect(!rules.isOver)
        #expect(rules.handle(.tick, now: 135.5).last == .conclude(GroupRunnerConclusion(began: true, board: nil, groupFailed: false)))
    }

    @Test func aFinishLongAfterTheGroupWasLastHeardConcludesAtOnce() {
        // Given a group last heard when the run began, at 13
        var rules = running()
        // When the run finishes at 100 with nothing heard since
        let actions = rules.handle(.finished(elapsedSeconds: 300, distanceMetres: 1000, reachedGoal: true, cancelled: false), now: 100)
        // Then the runner does not wait for a result that will not come
        #expect(actions.last == .conclude(GroupRunnerConclusion(began: true, board: nil, groupFailed: false)))
    }

    @Test func aRunCancelledByTheRunnerReportsItsFinishSaysGoodbyeAndConcludes() {
        var rules = running()
        let actions = rules.handle(.finished(elapsedSeconds: 40, distanceMetres: 120, reachedGoal: false, cancelled: true), now: 60)
        #expect(actions == [
            .report(GroupReport(seq: 1, elapsedSeconds: 40, distanceMetres: 120, finished: true, reachedGoal: false)),
            .leave, .conclude(GroupRunnerConclusion(began: true, board: nil, groupFailed: false)),
        ])
    }

    @Test func aFinishedRunnerWhoStopsWaitingLeavesWithTheLastBoardItHad() {
        // Given a runner that finished while the others still run, having heard a running board
        var rules = running()
        let lastBoard = board(.running, runners: [GroupRunner(id: "me", name: "Me", distanceMetres: 1000, status: .finished)])
        _ = rules.handle(.group(.board(lastBoard)), now: 100)
        _ = rules.handle(.finished(elapsedSeconds: 300, distanceMetres: 1000, reachedGoal: true, cancelled: false), now: 101)
        // When it stops waiting for the result (Ctrl-C)
        let actions = rules.handle(.stoppedWaiting, now: 102)
        // Then it says goodbye and ends with that board, as the group's failure it is not
        #expect(actions == [.leave, .conclude(GroupRunnerConclusion(began: true, board: lastBoard, groupFailed: false))])
        #expect(rules.isOver)
    }

    @Test func stoppingToWaitMeansNothingWhileTheRunStillGoes() {
        // Given a runner still running
        var rules = running()
        // When a stop to waiting comes (the run's own cancellation is what ends it then)
        // Then nothing happens
        #expect(rules.handle(.stoppedWaiting, now: 50) == [])
        #expect(!rules.isOver)
    }
}

