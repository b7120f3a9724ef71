import MateRunDomain

/// What can be asked of a running replay, by a key or by a line of the control protocol.
package enum SteeringCommand: Sendable, Equatable {
    /// `+`: twice as fast; `-`: half as fast.
    case faster, slower
    /// A playback speed (`{"command":"speed","value":8}`).
    case speed(Double)
    /// `g`: a loss of signal starts, or the one under way ends.
    case toggleSignal
    case signalLost, signalFound
    /// `j`, `{"command":"jump_m","value":300}`: the next fix lands this many metres north.
    case jump(metres: Double)
    /// The runner's own commands, passed to the run.
    case pause, resume, stop

    /// The word the control protocol and the `control` events use.
    package var word: String {
        switch self {
        case .faster, .slower, .speed: "speed"
        case .toggleSignal: "signal"
        case .signalLost: "signal_lost"
        case .signalFound: "signal_found"
        case .jump: "jump_m"
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        }
    }
}

/// The rules of steering a replay, a value in and out: which speed a command gives, when fixes
/// are withheld (a loss of signal) and where a jump puts the next fix. No clock, no I/O: the
/// caller applies the speed to the run clock and passes each fix through `pass`.
package struct ReplaySteering: Sendable, Equatable {
    /// The slowest speed `-` goes down to, and the fastest paced speed (`--speed`'s limit).
    package static let speeds: ClosedRange<Double> = 1...10_000
    /// How far `j` moves the next fix.
    package static let keyJumpMetres = 300.0
    /// The longest jump a control may ask for: farther is no GPS glitch but another place.
    package static let maxJumpMetres = 100_000.0
    /// Metres per degree of latitude (on the mean Earth radius).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// Why a command was not applied.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        case unpaced
        case speedOutOfRange(Double)
        case jumpOutOfRange(Double)

        package var description: String {
            switch self {
            case .unpaced: "the replay runs unpaced (--speed max): there is no playback speed to change"
            case .speedOutOfRange(let speed): "expected a speed from 1 to 10000, found \(speed)"
            case .jumpOutOfRange(let metres): "expected a jump of more than 0 and at most 100000 m, found \(metres)"
            }
        }
    }

    /// nil for an unpaced replay (`--speed max`).
    package private(set) var speed: Double?
    package private(set) var signalLost = false
    /// Metres the next fix will be moved north, once.
    package private(set) var pendingJumpMetres: Double?
    /// Fixes withheld by losses of signal so far.
    package private(set) var withheld = 0

    package init(speed: Double?) {
        self.speed = speed
    }

    /// Applies `command`'s part in the replay (speed, signal, jump); the runner's own commands
    /// (pause, resume, stop) change nothing here and are the caller's to pass on.
    package mutating func apply(_ command: SteeringCommand) throws(Refusal) {
        switch command {
        case .faster, .slower, .speed:
            guard let current = speed else { throw .unpaced }
            speed = try Self.speed(after: command, from: current)
        case .toggleSignal: signalLost.toggle()
        case .signalLost: signalLost = true
        case .signalFound: signalLost = false
        case .jump(let metres):
            guard metres > 0, metres <= Self.maxJumpMetres else { throw .jumpOutOfRange(metres) }
            pendingJumpMetres = metres
        case .pause, .resume, .stop: break
        }
    }

    /// The speed `command` gives from `current`: `+` doubles up to 10000x, `-` halves down to 1x
    /// (a replay started slower than 1x is not slowed further), a speed is taken as given.
    static func speed(after command: SteeringCommand, from current: Double) throws(Refusal) -> Double {
        switch command {
        case .faster: return min(speeds.upperBound, max(speeds.lowerBound, current * 2))
        case .slower: return current <= speeds.lowerBound ? current : max(speeds.lowerBound, current / 2)
        case .speed(let wanted):
            guard speeds.contains(wanted) else { throw .speedOutOfRange(wanted) }
            return wanted
        default: return current
        }
    }

    /// The fix to deliver for `sample`: none while the signal is lost, else the sample, moved
    /// north by a pending jump (once).
    package mutating func pass(_ sample: LocationSample) -> LocationSample? {
        guard !signalLost else {
            withheld += 1
            return nil
        }
        guard let metres = pendingJumpMetres else { return sample }
        pendingJumpMetres = nil
        var moved = sample
        let latitude = min(90, sample.coordinate.latitude + metres / Self.metresPerDegree)
        moved.coordinate = Coordinate(latitude: latitude, longitude: sample.coordinate.longitude)
        moved.speed = nil
        moved.course = nil
        return moved
    }
}
