@testable import MateRunApp
import MateRunDomain
import MateRunTestSupport
import Testing

/// Driven by a manual clock: bounded by run time, with a generous backstop in wall time for a
/// test that hangs.
@Suite("Paired runs through the engine over fake links and a manual clock", .timeLimit(.minutes(5)))
struct PairedRunEngineTests {
    private func track(speed: Double, seconds: Int) -> TrackBuilder {
        var track = TrackBuilder()
        track.north(speed: speed, seconds: seconds, activity: .running)
        return track
    }

    @Test func theFirstToTheGoalWinsAndBothSummariesNameTheSameWinner() async throws {
        // Given a host at 4 m/s and a joiner at 2 m/s racing to 300 m over wired links
        let harness = PairedRunHarness()
        let (hostLink, joinerLink) = FakeMateLink.pair()
        let terms = MateTerms(mode: .race, goalMetres: 300)
        let host = harness.run(.host, terms: terms, link: hostLink, track: track(speed: 4, seconds: 400))
        let joiner = harness.run(.joiner, terms: terms, link: joinerLink, track: track(speed: 2, seconds: 400))
        // When both run to their end
        try await harness.drive { host.isOver && joiner.isOver }
        // Then the host won, the joiner's run was ended by the host's win, and both name the host
        let hostSummary = try await host.summary()
        let joinerSummary = try await joiner.summary()
        #expect(hostSummary.result == .won)
        #expect(joinerSummary.result == .lost)
        #expect(hostSummary.winner == .host)
        #expect(joinerSummary.winner == .host)
        #expect(hostSummary.own.ending == .goalReached)
        #expect(joinerSummary.own.ending == .endedByMate)
        #expect(joinerSummary.own.snapshot.distanceMetres < 300)
        // And each side's mate figures are the other's own final figures
        #expect(hostSummary.mate.final && joinerSummary.mate.final)
        #expect(hostSummary.mate.distanceMetres == joinerSummary.own.snapshot.distanceMetres)
        #expect(hostSummary.mate.elapsedSeconds == joinerSummary.own.snapshot.elapsedSeconds)
        #expect(joinerSummary.mate.distanceMetres == hostSummary.own.snapshot.distanceMetres)
        // And the joiner saw the host finish before its own result
        #expect(joiner.mateNotes.last == "finished")
        #expect(hostLink.goodbye?.reason == .finished)
        #expect(joinerLink.goodbye?.reason == .finished)
    }

    @Test func aTeamFinishesTogetherWhenTheSumReachesTheGoalAndTheSharesAgree() async throws {
        // Given a team of 3 m/s and 2 m/s with a shared goal of 500 m
        let harness = PairedRunHarness()
        let (hostLink, joinerLink) = FakeMateLink.pair()
        let terms = MateTerms(mode: .team, goalMetres: 500)
        let host = harness.run(.host, terms: terms, link: hostLink, track: track(speed: 3, seconds: 400))
        let joiner = harness.run(.joiner, terms: terms, link: joinerLink, track: track(speed: 2, seconds: 400))
        // When both run
        try await harness.drive { host.isOver && joiner.isOver }
        // Then both finish together, long before their scenarios end, with shares that add up to 100
        let hostSummary = try await host.summary()
        let joinerSummary = try await joiner.summary()
        #expect(hostSummary.result == .teamFinished, "\(String(describing: hostSummary.resultReason))")
        #expect(joinerSummary.result == .teamFinished, "\(joinerSummary.result) \(String(describing: joinerSummary.resultReason))")
        #expect(hostSummary.own.snapshot.elapsedSeconds < 150)
        #expect(joinerSummary.own.snapshot.elapsedSeconds < 150)
        #expect(hostSummary.own.snapshot.distanceMetres + joinerSummary.own.snapshot.distanceMetres >= 495)
        let hostShare = try #require(hostSummary.ownSharePercent)
        let joinerShare = try #require(joinerSummary.ownSharePercent)
        #expect(abs(hostShare + joinerShare - 100) < 1e-9)
        #expect(hostShare > 55 && hostShare < 65)
        #expect(hostSummary.mate.distanceMetres == joinerSummary.own.snapshot.distanceMetres)
        #expect(joinerSummary.mate.distanceMetres == hostSummary.own.snapshot.distanceMetres)
    }

    @Test func aMateWhoCancelsLeavesTheRunnerToFinishSolo() async throws {
        // Given a race with a mate that cancels after ten seconds
        let harness = PairedRunHarness()
        let link = FakeMateLink()
        let run = harness.run(
            .host, terms: MateTerms(mode: .race, goalMetres: 10_000), link: link, track: track(speed: 3, seconds: 60))
        let clock = harness.clock
        try await harness.drive { clock.now() >= 10 }
        link.push(.update(.state(seq: 1, .cancelled)))
        link.push(.lost(reason: .cancelled, detail: "Ana stopped the run"))
        // When the own run goes on to its end
        try await harness.drive { run.isOver }
        // Then the mate was shown cancelled and the result is a solo finish
        let summary = try await run.summary()
        #expect(summary.result == .mateCancelled)
        #expect(summary.own.ending == .sensorsEnded)
        #expect(summary.own.snapshot.elapsedSeconds == 60)
        #expect(run.mateNotes.last == "stopped their run")
    }

    @Test func aLostMateLeavesTheOwnRunToGoOnToItsEnd() async throws {
        // Given a race whose link gives up after twenty seconds
        let harness = PairedRunHarness()
        let link = FakeMateLink()
        let run = harness.run(
            .joiner, terms: MateTerms(mode: .race, goalMetres: 10_000), link: link, track: track(speed: 3, seconds: 90))
        let clock = harness.clock
        try await harness.drive {
            link.push(.alive)
            return clock.now() >= 20
        }
        link.push(.interrupted(reason: "connection reset"))
        link.push(.lost(reason: .connectionLost, detail: "gave up after 30 s"))
        // When time goes on
        try await harness.drive { run.isOver }
        // Then the own run reached the end of its scenario and finished solo
        let summary = try await run.summary()
        #expect(summary.result == .mateLost)
        #expect(summary.own.ending == .sensorsEnded)
        #expect(summary.own.snapshot.elapsedSeconds == 90)
        #expect(summary.mate.connected == false)
        #expect(run.mateNotes.contains("connection lost, running solo"))
    }

    @Test func cancellingTheOwnRunTellsTheMateAndEndsWithACancelledResult() async throws {
        // Given a race under way
        let harness = PairedRunHarness()
        let link = FakeMateLink()
        let run = harness.run(
            .host, terms: MateTerms(mode: .race, goalMetres: 10_000), link: link, track: track(speed: 3, seconds: 600))
        let clock = harness.clock
        try await harness.drive { clock.now() >= 15 }
        // When the runner cancels (Ctrl-C cancels the task the run goes on in)
        run.task.cancel()
        // Then the mate is told (state cancelled, then bye cancelled) and the last event says cancelled
        let summary = try await run.summary()
        #expect(summary.result == .cancelled)
        #expect(summary.own.ending == .cancelled)
        guard case .state(_, .cancelled)? = link.sent.last else {
            Issue.record("the last message sent is not state cancelled: \(String(describing: link.sent.last))")
            return
        }
        #expect(link.goodbye?.reason == .cancelled)
        let progressSeqs = link.sent.compactMap { if case .progress(let p) = $0 { p.seq } else { nil } }
        #expect(progressSeqs == Array(1...progressSeqs.count))
    }
}
