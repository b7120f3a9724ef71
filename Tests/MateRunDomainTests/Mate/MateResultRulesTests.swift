import MateRunDomain
import Testing

@Suite("Pair rules: a result says what happened, and two honest sides agree at every speed")
struct MateResultRulesTests {
    private let race = MateTerms(mode: .race, goalMetres: 1000)

    private func rules(_ terms: MateTerms, role: MateRole = .host, now: Double = 0) -> MatePairRules {
        MatePairRules(role: role, ownName: role == .host ? "Ben" : "Ana", mateName: role == .host ? "Ana" : "Ben",
                      terms: terms, now: now)
    }

    private func progress(_ seq: Int, metres: Double, at elapsed: Double) -> MatePairInput {
        .link(.update(.progress(MateProgress(
            seq: seq, elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres,
            caloriesKilocalories: 1, paused: false))))
    }

    private func ownProgress(metres: Double, at elapsed: Double) -> MatePairInput {
        .own(.progress(RunSnapshot(elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres)))
    }

    private func ownFinished(_ ending: RunEnding, elapsed: Double, metres: Double) -> MatePairInput {
        .own(.finished(RunSummary(
            snapshot: RunSnapshot(elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres),
            splits: [], ending: ending)))
    }

    private func summary(in actions: [MatePairAction]) -> PairedRunSummary? {
        actions.lazy.compactMap { if case .publish(.finished(let summary)) = $0 { summary } else { nil } }.first
    }

    private func sent(_ actions: [MatePairAction]) -> [MatePairInput] {
        actions.compactMap { if case .send(let update) = $0 { .link(.update(update)) } else { nil } }
    }

    @Test func aRaceMateWhoCancelsIsNotAWinAndIsNotShownConnected() {
        // Given a race where the mate ran 300 m and then cancelled with a goodbye
        var host = rules(race)
        _ = host.handle(progress(1, metres: 300, at: 100), now: 100)
        _ = host.handle(.link(.update(.state(seq: 2, .cancelled))), now: 101)
        _ = host.handle(.link(.lost(reason: .cancelled, detail: "Ana stopped the run")), now: 101)
        // When the host reaches the goal alone
        let end = summary(in: host.handle(ownFinished(.goalReached, elapsed: 300, metres: 1000), now: 300))
        // Then the race is not won: the mate cancelled, says so, and is not shown connected
        #expect(end?.result == .mateCancelled)
        #expect(end?.winner == nil)
        #expect(end?.resultReason == "Ana stopped the run")
        #expect(end?.mate.connected == false)
    }

    @Test func aRaceMateWhoCancelsWithoutAGoodbyeIsNamedInTheReason() {
        var host = rules(race)
        _ = host.handle(.link(.update(.state(seq: 1, .cancelled))), now: 5)
        let end = summary(in: host.handle(ownFinished(.goalReached, elapsed: 300, metres: 1000), now: 300))
        #expect(end?.result == .mateCancelled)
        #expect(end?.resultReason == "Ana cancelled the run")
        #expect(end?.mate.connected == false)
    }

    @Test func aRaceMateWhoVanishesIsLostNotBeaten() {
        // Given a race where the mate's connection drops and never comes back
        var host = rules(race)
        _ = host.handle(progress(1, metres: 300, at: 100), now: 100)
        _ = host.handle(.link(.interrupted(reason: "reset")), now: 101)
        _ = host.handle(.link(.lost(reason: .connectionLost, detail: "no resume within 30 s")), now: 131)
        // When the host reaches the goal alone
        let end = summary(in: host.handle(ownFinished(.goalReached, elapsed: 300, metres: 1000), now: 300))
        // Then the result is the mate lost, with the reason
        #expect(end?.result == .mateLost)
        #expect(end?.winner == nil)
        #expect(end?.resultReason == "Ana was lost: no resume within 30 s")
        #expect(end?.mate.connected == false)
    }

    /// Two sides replaying as fast as their machines allow (`--speed max`): the host's machine is
    /// slower, so the joiner's finish arrives when the host's run is far behind in run time.
    @Test(arguments: [
        (280.0, MateRole.host), (320.0, MateRole.joiner), (300.0, MateRole.host),
    ] as [(Double, MateRole)])
    func atSpeedMaxTheRaceIsDecidedByRunTimeNotByTheFasterMachine(hostReachesGoalAt: Double, winner: MateRole) {
        let unpaced = MateTerms(mode: .race, goalMetres: 1000, speed: nil)
        var host = rules(unpaced), joiner = rules(unpaced, role: .joiner)
        // Given the joiner already finished at 300 s of run time, told the host, and the host is at 250 s
        _ = sent(host.handle(ownProgress(metres: 800, at: 250), now: 1)).map { joiner.handle($0, now: 1) }
        let joinerProgress = joiner.handle(ownProgress(metres: 990, at: 299), now: 1)
        for input in sent(joinerProgress) { _ = host.handle(input, now: 1) }
        let joinerFinish = joiner.handle(ownFinished(.goalReached, elapsed: 300, metres: 1000), now: 1)
        // When the host receives it, its own run is not stopped there: it runs on to 300 s of run time
        var hostActions: [MatePairAction] = []
        for input in sent(joinerFinish) { hostActions += host.handle(input, now: 1) }
        #expect(!hostActions.contains(.stopOwnRun(.endedByMate)))
        var stoppedAt: Double?
        var elapsed = 251.0
        while elapsed < hostReachesGoalAt, stoppedAt == nil {
            if host.handle(ownProgress(metres: 800 + (elapsed - 250) * 200 / (hostReachesGoalAt - 250), at: elapsed), now: 2)
                .contains(.stopOwnRun(.endedByMate)) {
                stoppedAt = elapsed
            }
            elapsed += 1
        }
        let hostEnd: [MatePairAction]
        if let stoppedAt {
            hostEnd = host.handle(ownFinished(.endedByMate, elapsed: stoppedAt, metres: 999), now: 3)
        } else {
            hostEnd = host.handle(ownFinished(.goalReached, elapsed: hostReachesGoalAt, metres: 1000), now: 3)
        }
        // Then both sides name the side with the smaller run time at the goal
        var joinerEnd: PairedRunSummary?
        for input in sent(hostEnd) { joinerEnd = summary(in: joiner.handle(input, now: 3)) ?? joinerEnd }
        #expect(summary(in: hostEnd)?.winner == winner)
        #expect(joinerEnd?.winner == winner)
        #expect(stoppedAt == (winner == .joiner ? 300 : nil))
    }
}
