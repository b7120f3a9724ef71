import MateRunDomain
import Testing

@Suite("Pair rules: race, team, freshness, ordering")
struct MatePairRulesTests {
    private let race = MateTerms(mode: .race, goalMetres: 1000)
    private let team = MateTerms(mode: .team, goalMetres: 1000)

    /// Rules for `role`, with the mate last heard at `now`.
    private func rules(_ terms: MateTerms, role: MateRole = .host, now: Double = 0) -> MatePairRules {
        MatePairRules(role: role, ownName: role == .host ? "Ben" : "Ana", mateName: role == .host ? "Ana" : "Ben",
                      terms: terms, now: now)
    }

    /// Hands every message `actions` send to `rules`, as the link would, and returns what it decides.
    private func deliver(_ actions: [MatePairAction], to rules: inout MatePairRules, now: Double) -> [MatePairAction] {
        actions.flatMap { action -> [MatePairAction] in
            guard case .send(let message) = action else { return [] }
            return rules.handle(.link(.update(message)), now: now)
        }
    }

    private func progress(_ seq: Int, metres: Double, at elapsed: Double = 100) -> MatePairInput {
        .link(.update(.progress(MateProgress(
            seq: seq, elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres,
            caloriesKilocalories: 1, paused: false))))
    }

    private func finished(_ seq: Int, reachedGoal: Bool, elapsed: Double, metres: Double) -> MatePairInput {
        .link(.update(.state(seq: seq, .finished(MateFinish(
            reachedGoal: reachedGoal, elapsedSeconds: elapsed, distanceMetres: metres)))))
    }

    private func ownFinished(_ ending: RunEnding, elapsed: Double, metres: Double) -> MatePairInput {
        .own(.finished(RunSummary(
            snapshot: RunSnapshot(elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres),
            splits: [], ending: ending)))
    }

    private func ownProgress(metres: Double, at elapsed: Double = 100) -> MatePairInput {
        .own(.progress(RunSnapshot(elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres)))
    }

    private func summary(in actions: [MatePairAction]) -> PairedRunSummary? {
        actions.lazy.compactMap { if case .publish(.finished(let summary)) = $0 { summary } else { nil } }.first
    }

    private func views(in actions: [MatePairAction]) -> [MateView] {
        actions.compactMap { if case .publish(.mate(let view)) = $0 { view } else { nil } }
    }

    @Test func lateRepeatedOrReorderedProgressNeverMovesTheMateBackwards() {
        // Given a mate seen at 300 m with seq 5
        var host = rules(race)
        _ = host.handle(progress(5, metres: 300), now: 1)
        // When an older, a repeated and a stale state arrive
        let late = host.handle(progress(3, metres: 200), now: 2)
        let repeated = host.handle(progress(5, metres: 300), now: 3)
        _ = host.handle(.link(.update(.state(seq: 4, .cancelled))), now: 4)
        // Then nothing moves back, and the next newer progress is taken
        #expect(views(in: late).isEmpty)
        #expect(views(in: repeated).isEmpty)
        #expect(host.mate.distanceMetres == 300)
        #expect(host.mate.phase == .running)
        #expect(host.mate.lastReceivedSeq == 5)
        _ = host.handle(progress(6, metres: 320), now: 5)
        #expect(host.mate.distanceMetres == 320)
    }

    @Test func aSilentMateShowsLastSeenGrowingAfterFiveSeconds() {
        // Given a mate last heard at second 1
        var host = rules(race)
        _ = host.handle(progress(1, metres: 3), now: 1)
        // When the wall clock ticks without news
        var shown: [(MateConnection, Double?)] = []
        for second in 2...9 {
            for view in views(in: host.handle(.tick, now: Double(second))) {
                shown.append((view.connection, view.lastSeenSecondsAgo))
            }
        }
        // Then it turns silent 5 s after the last news, and "last seen" counts up every second
        #expect(shown.map(\.0) == [.silent, .silent, .silent, .silent])
        #expect(shown.map(\.1) == [5, 6, 7, 8])
        // And any sign of life makes it fresh again
        let alive = views(in: host.handle(.link(.alive), now: 10))
        #expect(alive.last?.connection == .connected)
        #expect(alive.last?.lastSeenSecondsAgo == nil)
    }

    @Test func aRestoredConnectionShowsTheMateBackAndLeavesTheResendToTheLink() {
        // Given a run that sent progress, a pause and more progress
        var host = rules(race)
        _ = host.handle(ownProgress(metres: 10, at: 1), now: 1)
        _ = host.handle(.own(.paused(RunSnapshot(elapsedSeconds: 2, distanceMetres: 10, isPaused: true), by: .auto)), now: 2)
        _ = host.handle(ownProgress(metres: 10, at: 3), now: 3)
        // When the connection drops and comes back
        let dropped = views(in: host.handle(.link(.interrupted(reason: "reset")), now: 4))
        let restored = host.handle(.link(.restored), now: 6)
        // Then the mate is shown reconnecting, then connected; nothing is sent from here: the link
        // resends what the mate's last_received_seq lacks, one copy of each
        #expect(dropped.last?.connection == .reconnecting)
        #expect(!restored.contains { if case .send = $0 { true } else { false } })
        #expect(views(in: restored).last?.connection == .connected)
    }

    @Test func atFullSpeedProgressGoesOutAtMostOncePerMillisecondAndTheLatestIsNeverLost() {
        // Given a run replayed as fast as the machine allows: 1 000 snapshots within 0.5 ms
        var host = rules(MateTerms(mode: .race, goalMetres: 5000))
        var sent: [MateUpdate] = []
        for second in 0..<1000 {
            let actions = host.handle(ownProgress(metres: Double(second) * 4, at: Double(second)), now: 10 + Double(second) * 5e-7)
            sent += actions.compactMap { if case .send(let update) = $0 { update } else { nil } }
        }
        // Then only the first went out; when it pauses, the newest held snapshot goes first, then the state
        #expect(sent.count == 1)
        let paused = host.handle(.own(.paused(RunSnapshot(elapsedSeconds: 999, distanceMetres: 3996, isPaused: true), by: .auto)), now: 10.0006)
        let out = paused.compactMap { if case .send(let update) = $0 { update } else { nil } }
        #expect(out.map(\.seq) == [2, 3])
        if case .progress(let latest)? = out.first { #expect(latest.distanceMetres == 3996) } else { Issue.record("no progress first") }
        // And a snapshot held back goes out with the next tick once the interval has passed
        _ = host.handle(ownProgress(metres: 4000, at: 1000), now: 10.0007)
        let ticked = host.handle(.tick, now: 10.01)
        #expect(ticked.contains { if case .send(.progress(let p)) = $0 { p.distanceMetres == 4000 } else { false } })
    }

    @Test func aMateLostForThirtySecondsLeavesTheOwnRunToFinishSolo() {
        // Given a race under way with a mate who drops off
        var host = rules(race)
        _ = host.handle(progress(1, metres: 5), now: 1)
        _ = host.handle(.link(.interrupted(reason: "reset")), now: 2)
        // When 30 s pass without a working connection
        let atLost = host.handle(.tick, now: 31)
        // Then the mate is lost, the own run is not stopped, and its end is a solo finish
        #expect(views(in: atLost).last?.connection == .lost)
        #expect(!atLost.contains { if case .stopOwnRun = $0 { true } else { false } })
        let end = summary(in: host.handle(ownFinished(.sensorsEnded, elapsed: 600, metres: 900), now: 600))
        #expect(end?.result == .mateLost)
        #expect(end?.winner == nil)
        #expect(end?.mate.connected == false)
    }

    @Test func theMatesWinStopsTheOwnRaceAtItsRunTimeAndBothFinishesNameTheWinner() {
        // Given a joiner behind in a race
        var joiner = rules(race, role: .joiner, now: 299)
        _ = joiner.handle(ownProgress(metres: 900, at: 300), now: 300)
        _ = joiner.handle(progress(6, metres: 997, at: 301), now: 300.5)
        // When the host's finish at 301.4 s arrives while the own run is at 300 s
        let told = joiner.handle(finished(7, reachedGoal: true, elapsed: 301.4, metres: 1000), now: 301)
        // Then the own run goes on to that run time, is stopped there and, once it ends, the host is named the winner
        #expect(!told.contains(.stopOwnRun(.endedByMate)))
        #expect(views(in: told).last?.phase == .finished)
        #expect(joiner.handle(ownProgress(metres: 903, at: 301), now: 301.2).isEmpty == false)
        #expect(joiner.handle(ownProgress(metres: 905, at: 302), now: 302).contains(.stopOwnRun(.endedByMate)))
        let end = joiner.handle(ownFinished(.endedByMate, elapsed: 301.6, metres: 905), now: 302)
        #expect(end.contains(.send(.state(seq: 4, .finished(MateFinish(
            reachedGoal: false, elapsedSeconds: 301.6, distanceMetres: 905))))))
        #expect(summary(in: end)?.result == .lost)
        #expect(summary(in: end)?.winner == .host)
        #expect(summary(in: end)?.mate == MateFinalFigures(
            name: "Ben", distanceMetres: 1000, elapsedSeconds: 301.4, final: true, connected: true))
    }

    @Test(arguments: [
        (301.4, 310.9, MateRole.host), (310.9, 301.4, MateRole.joiner), (305.0, 305.0, MateRole.host),
        (305.0001, 305.0002, MateRole.host),
    ] as [(Double, Double, MateRole)])
    func crossingFinishesGoToTheLowerElapsedAndATieToTheHost(hostElapsed: Double, joinerElapsed: Double, winner: MateRole) {
        // Given both runners reached the goal before hearing of the other
        var host = rules(race, role: .host, now: 399), joiner = rules(race, role: .joiner, now: 399)
        _ = host.handle(ownFinished(.goalReached, elapsed: hostElapsed, metres: 1000), now: 400)
        _ = joiner.handle(ownFinished(.goalReached, elapsed: joinerElapsed, metres: 1000), now: 400)
        // When the finishes cross, each after the progress that led to it
        _ = host.handle(progress(8, metres: 999, at: joinerElapsed - 1), now: 400)
        _ = joiner.handle(progress(8, metres: 999, at: hostElapsed - 1), now: 400)
        let hostEnd = summary(in: host.handle(finished(9, reachedGoal: true, elapsed: joinerElapsed, metres: 1000), now: 401))
        let joinerEnd = summary(in: joiner.handle(finished(9, reachedGoal: true, elapsed: hostElapsed, metres: 1000), now: 401))
        // Then both name the same winner
        #expect(hostEnd?.winner == winner)
        #expect(joinerEnd?.winner == winner)
        #expect(hostEnd?.result == (winner == .host ? .won : .lost))
        #expect(joinerEnd?.result == (winner == .joiner ? .won : .lost))
    }

    @Test func aRaceWinnerWhoseMateFallsSilentIsNotAWinButAMateLostAfterFiveSeconds() {
        // Given a host that reached the goal and told the mate
        var host = rules(race, now: 299)
        _ = host.handle(ownFinished(.goalReached, elapsed: 300, metres: 1000), now: 300)
        // When the mate says nothing more
        let waiting = summary(in: host.handle(.tick, now: 304))
        let decided = summary(in: host.handle(.tick, now: 305))
        // Then the host waits, then ends without a winner, saying why
        #expect(waiting == nil)
        #expect(decided?.result == .mateLost)
        #expect(decided?.winner == nil)
        #expect(decided?.resultReason == "no finish from Ana within 5 s of the own")
    }

    @Test func theTeamGoalStopsTheSideThatSeesItAndTheOtherOnReceipt() {
        // Given a team run at 600 m (host) + 380 m (joiner), each side told of the other
        var host = rules(team), joiner = rules(team, role: .joiner)
        #expect(host.ownGoalMetres == nil)
        _ = deliver(host.handle(ownProgress(metres: 600), now: 1), to: &joiner, now: 1)
        _ = deliver(joiner.handle(ownProgress(metres: 380), now: 1), to: &host, now: 1)
        // When the host's own progress brings the sum to the goal
        let seen = host.handle(ownProgress(metres: 620), now: 2)
        // Then the host stops with the goal reached and tells the joiner, who stops on receipt
        // (the joiner missed that progress; had it arrived, the joiner would have seen the sum too)
        #expect(seen.contains(.stopOwnRun(.goalReached)))
        let hostEnd = host.handle(ownFinished(.goalReached, elapsed: 200, metres: 620), now: 3)
        let told = deliver(hostEnd, to: &joiner, now: 3)
        #expect(told.contains(.stopOwnRun(.endedByMate)))
        let joinerEnd = joiner.handle(ownFinished(.endedByMate, elapsed: 201, metres: 385), now: 4)
        // And once the joiner's finish reaches the host, both agree on the result and the shares
        let hostSummary = summary(in: deliver(joinerEnd, to: &host, now: 4))
        let joinerSummary = summary(in: joinerEnd)
        #expect(hostSummary?.result == .teamFinished)
        #expect(joinerSummary?.result == .teamFinished)
        let hostShare = hostSummary?.ownSharePercent ?? 0, joinerShare = joinerSummary?.ownSharePercent ?? 0
        #expect(abs(hostShare + joinerShare - 100) < 1e-9)
        #expect(abs(hostShare - 620.0 / 1005 * 100) < 1e-9)
        #expect(hostSummary?.mate.distanceMetres == joinerSummary?.own.snapshot.distanceMetres)
    }

    @Test func aMateWhoCancelsLeavesASoloFinish() {
        // Given a race under way
        var host = rules(race)
        _ = host.handle(progress(1, metres: 50), now: 1)
        // When the mate cancels
        let told = host.handle(.link(.update(.state(seq: 2, .cancelled))), now: 2)
        // Then it is shown cancelled, the own run goes on, and its end is a solo finish
        #expect(views(in: told).last?.phase == .cancelled)
        #expect(!told.contains { if case .stopOwnRun = $0 { true } else { false } })
        let end = summary(in: host.handle(ownFinished(.sensorsEnded, elapsed: 100, metres: 300), now: 100))
        #expect(end?.result == .mateCancelled)
    }

    @Test func aByeCancelledCountsAsTheMateCancelling() {
        var host = rules(team)
        _ = host.handle(.link(.lost(reason: .cancelled, detail: "Ana stopped the run")), now: 2)
        #expect(host.mate.phase == .cancelled)
        #expect(host.mate.connection == .closed)
    }
}

@Suite("Pair rules: a mate who cheats cannot win")
struct MateCheatingRulesTests {
    private let race = MateTerms(mode: .race, goalMetres: 42_000, speed: 1)

    private func cheat(_ seq: Int, elapsed: Double, metres: Double) -> MatePairInput {
        .link(.update(.progress(MateProgress(
            seq: seq, elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres,
            caloriesKilocalories: 0, paused: false))))
    }

    private func summary(in actions: [MatePairAction]) -> PairedRunSummary? {
        actions.lazy.compactMap { if case .publish(.finished(let summary)) = $0 { summary } else { nil } }.first
    }

    @Test func aMateClaimingTheMarathonAfterOneSecondIsRefusedAndCannotStopOrBeatTheRunner() {
        // Given a race at real time with the host running
        var host = MatePairRules(role: .host, ownName: "Ben", mateName: "Evil", terms: race, now: 0)
        // When the mate claims 42 km at 1 s, then a finish at the goal after 1 s
        let claimed = host.handle(cheat(1, elapsed: 1, metres: 42_000), now: 2)
        let finished = host.handle(.link(.update(.state(seq: 2, .finished(MateFinish(
            reachedGoal: true, elapsedSeconds: 1, distanceMetres: 42_000))))), now: 3)
        // Then the mate is told why and closed, shown as refused, and cannot stop the own run
        #expect(claimed.contains(.close(MateGoodbye(
            reason: .implausible, message: "Evil's figures were refused: claimed 42.0 km in 1 s, faster than any runner"))))
        #expect(host.mate.implausible == "claimed 42.0 km in 1 s, faster than any runner")
        #expect(!finished.contains(.stopOwnRun(.endedByMate)))
        #expect(host.mate.finish == nil)
        #expect(host.mate.distanceMetres == 0, "the refused figures are not shown as the mate's")
        // And when the host reaches the goal, the host wins and says why
        let end = host.handle(.own(.finished(RunSummary(
            snapshot: RunSnapshot(elapsedSeconds: 10_000, movingSeconds: 10_000, distanceMetres: 42_000),
            splits: [], ending: .goalReached))), now: 10_000)
        let result = summary(in: end)
        #expect(result?.result == .mateImplausible)
        #expect(result?.winner == .host)
        #expect(result?.resultReason == "claimed 42.0 km in 1 s, faster than any runner")
    }

    @Test func aSideWhoseFiguresWereRefusedEndsDisqualifiedAndSaysWhy() {
        // Given a joiner whose host refused its figures
        var joiner = MatePairRules(role: .joiner, ownName: "Ana", mateName: "Ben", terms: race, now: 0)
        _ = joiner.handle(.link(.lost(reason: .implausible, detail: "Ana's figures were refused: claimed 42.0 km in 1 s")), now: 5)
        // When its own run ends
        let end = joiner.handle(.own(.finished(RunSummary(
            snapshot: RunSnapshot(elapsedSeconds: 600, movingSeconds: 600, distanceMetres: 2000),
            splits: [], ending: .sensorsEnded))), now: 600)
        // Then the result says it was disqualified, with the mate's words
        #expect(summary(in: end)?.result == .disqualified)
        #expect(summary(in: end)?.resultReason == "Ana's figures were refused: claimed 42.0 km in 1 s")
    }

    @Test func aTeamMateWithImpossibleFiguresDoesNotCountTowardTheGoal() {
        // Given a team run of 1 km at real time
        let team = MateTerms(mode: .team, goalMetres: 1000, speed: 1)
        var host = MatePairRules(role: .host, ownName: "Ben", mateName: "Evil", terms: team, now: 0)
        // When the mate claims 990 m after 2 s and the host has run 20 m
        _ = host.handle(cheat(1, elapsed: 2, metres: 990), now: 2)
        let actions = host.handle(.own(.progress(RunSnapshot(elapsedSeconds: 5, movingSeconds: 5, distanceMetres: 20))), now: 5)
        // Then the team goal is not reached on its word
        #expect(!actions.contains(.stopOwnRun(.goalReached)))
        #expect(host.mate.implausible != nil)
    }
}
