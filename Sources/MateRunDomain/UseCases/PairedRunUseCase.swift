/// Runs the own run paired with a mate: streams it to the mate, shows the mate beside it, and
/// applies the race or team rules until both sides agree on the result.
package protocol PairedRunUseCase: Sendable {
    /// The paired run as a stream of events, driven by iterating it: own run events, mate views,
    /// and last a `.finished` summary. Iterate it from the agreed start (after the countdown).
    /// Cancelling the iterating task cancels the run: the mate is told (`state cancelled`, then
    /// `bye` with reason `cancelled`), and the last event is a summary with result `.cancelled`.
    func events() -> AsyncStream<PairedRunEvent>
}

/// The paired run over an agreed pairing, an own run it builds, and an injected wall clock.
///
/// A thin shell around `MatePairRules`: it merges, by arrival, the own run's events, the link's
/// events and a tick per second of the wall clock, hands each to the rules, and carries out what
/// they decide (send, stop the own run, publish, close).
package struct DefaultPairedRunUseCase: PairedRunUseCase {
    /// Builds the own run with the goal the rules give (the race goal, or none in a team run) and
    /// the signal through which the rules end it early.
    package typealias RunFactory = @Sendable (_ goalMetres: Double?, _ stopSignal: RunStopSignal) -> any RunningUseCase

    private let setup: MateRunSetup

    /// `clock` measures wall time for the mate's freshness (silent, lost) and must be paced; it
    /// is not the replay's run clock, which may run faster.
    package init(pairing: MatePairing, profile: RunnerProfile, clock: any RunClock, makeRun: @escaping RunFactory) {
        setup = MateRunSetup(pairing: pairing, profile: profile, clock: clock, makeRun: makeRun)
    }

    package func events() -> AsyncStream<PairedRunEvent> {
        let driver = PairedRunDriver(setup: setup)
        return AsyncStream(unfolding: { await driver.next() }, onCancel: { driver.cancel() })
    }
}

/// What a paired run is made of, handed from the use case to its driver.
struct MateRunSetup: Sendable {
    let pairing: MatePairing
    let profile: RunnerProfile
    let clock: any RunClock
    let makeRun: DefaultPairedRunUseCase.RunFactory
}
