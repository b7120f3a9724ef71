import MateRunDomain
import MateRunJSON
import MateRunScenarios
import Synchronization

/// Where a running replay is steered from, keys and control lines alike: the steering rules
/// (`ReplaySteering`) applied to the run clock's speed and the fixes, the runner's own commands
/// (pause, resume, stop) passed to the run, and each command told as a `control` event on
/// `--json` and answered to whoever sent it.
final class ReplayHelm: Sendable {
    private let steering: Mutex<ReplaySteering>
    /// The run clock, once the countdown has ended and the run made it.
    private let runClock = Mutex<SteerableRunClock?>(nil)
    private let controls: RunnerControls
    private let events: (@Sendable (String) -> Void)?

    /// `speed` nil for an unpaced replay (`--speed max`); `events` receives each `control` event
    /// line (`--json`).
    init(speed: Double?, controls: RunnerControls, events: (@Sendable (String) -> Void)?) {
        self.controls = controls
        self.events = events
        steering = Mutex(ReplaySteering(speed: speed))
    }

    /// The run's clock, made when the countdown ends: it takes the speed steered meanwhile.
    func attach(_ clock: SteerableRunClock) {
        runClock.withLock { $0 = clock }
        if let speed = steering.withLock({ $0.speed }), speed != clock.speed { clock.change(to: speed) }
    }

    private var clock: SteerableRunClock? { runClock.withLock { $0 } }

    /// Applies `command` from `source` (`key`, `control`); returns the answer line (without its
    /// newline): `{"ok":true,…}` with the replay's state, or `{"ok":false,"error":…}`.
    @discardableResult
    func steer(_ command: SteeringCommand, from source: String) -> String {
        let outcome = steering.withLock { steering -> Result<ReplaySteering, ReplaySteering.Refusal> in
            do throws(ReplaySteering.Refusal) {
                try steering.apply(command)
                return .success(steering)
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .failure(let refusal):
            return JSONText.text(.object([("ok", .bool(false)), ("command", .string(command.word)), ("error", .string(refusal.description))]))
        case .success(let state):
            let clock = clock
            if let speed = state.speed, let clock, speed != clock.speed { clock.change(to: speed) }
            switch command {
            case .pause: controls.send(.pause)
            case .resume: controls.send(.resume)
            case .stop: controls.send(.stop)
            default: break
            }
            let members = Self.members(command, state)
            if let events {
                let time = clock?.now() ?? 0
                events(JSONText.text(.object([("type", .string("control"))] + members + [
                    ("source", .string(source)), ("t", .number(time, decimals: 1)),
                ])))
            }
            return JSONText.text(.object([("ok", .bool(true))] + members))
        }
    }

    /// The fix to deliver for `sample` (none while the signal is lost; moved by a jump).
    func pass(_ sample: LocationSample) -> LocationSample? {
        steering.withLock { $0.pass(sample) }
    }

    private static func members(_ command: SteeringCommand, _ state: ReplaySteering) -> [(String, JSON)] {
        var word = command.word
        if command == .toggleSignal { word = state.signalLost ? "signal_lost" : "signal_found" }
        var members: [(String, JSON)] = [("command", .string(word))]
        if let speed = state.speed { members.append(("speed", .number(shortest: speed))) }
        members.append(("signal_lost", .bool(state.signalLost)))
        if case .jump(let metres) = command { members.append(("jump_m", .number(shortest: metres))) }
        return members
    }
}

/// The replay's fixes through the helm: withheld while the signal is lost, moved by a jump.
struct SteeredLocations: LocationProvider {
    let inner: any LocationProvider
    let helm: ReplayHelm

    func locationUpdates() -> AsyncStream<LocationSample> {
        let source = inner.locationUpdates()
        let (stream, continuation) = AsyncStream.makeStream(of: LocationSample.self)
        let pass = Task { [helm] in
            for await sample in source {
                if let steered = helm.pass(sample) { continuation.yield(steered) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pass.cancel() }
        return stream
    }
}
