import MateRunDomain

/// Real time, in seconds since the program started: what the countdown, the pairing deadlines and
/// the screen's once-a-second lines count in, whatever the replay's speed. The run's own clock is
/// another (`ScaledRunClock`, `UnpacedRunClock`); this one is never sped up.
final class WallClock: RunClock, Sendable {
    private let origin = ContinuousClock.now

    var isPaced: Bool { true }

    func now() -> Double {
        (ContinuousClock.now - origin).seconds
    }

    func sleep(until deadline: Double) async throws {
        try await ContinuousClock().sleep(until: origin.advanced(by: .seconds(deadline)), tolerance: nil)
    }
}
