import MateRunDomain
import MateRunPresentation

/// The 3-2-1 before a run: shows the whole seconds left and ends exactly at the start instant,
/// which for a pair is the one both sides agreed on.
struct Countdown {
    let clock: any RunClock
    let screen: any RunScreen

    /// Counts down `seconds` (may be fractional); false when cancelled during it.
    func run(seconds: Double, viewModel: inout RunningViewModel) async -> Bool {
        let start = clock.now() + max(0, seconds)
        while !Task.isCancelled {
            let remaining = start - clock.now()
            guard remaining > 1e-6 else { return true }
            let shown = Int(remaining.rounded(.up))
            screen.show(viewModel.send(.countdown(shown)))
            do {
                try await clock.sleep(until: start - Double(shown - 1))
            } catch {
                return false
            }
        }
        return false
    }
}
