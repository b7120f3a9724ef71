/// Holds a mate's claims to the agreed clock and to what a runner can do, so that a peer that
/// sends made-up figures (42 km after one second, a finish before the start) cannot win.
///
/// Both sides started at the agreed moment and replay at the agreed speed, so a mate's
/// `elapsed_s` cannot run ahead of the wall-clock time since the start, times the speed, by more
/// than the link's slack; and no runner covers ground faster than `fastestSpeed` for long. A
/// replay as fast as the machine allows (no agreed speed) has no common clock, so only the speed
/// is judged then. Honest replays at any speed pass: distance and run time are both in the run's
/// own seconds.
///
/// The first claim that fails is kept as the verdict, in words for both runners; nothing a mate
/// sends afterwards can clear it.
package struct MatePlausibility: Sendable, Equatable {
    /// The fastest speed a runner is believed to hold, in metres per second: above the 100 m
    /// world record's average (10.4 m/s), far above any distance runner's.
    package static let fastestSpeed = 12.5
    /// Metres allowed on top of `fastestSpeed` between any two updates: what a GPS filter may add
    /// at once when it catches up after a jump.
    package static let distanceAllowance = 50.0
    /// Run-time seconds a mate's elapsed time may stand ahead of the agreed clock: three wall
    /// seconds of link delay and countdown skew, at the replay speed, and two more.
    package static func clockSlack(speed: Double) -> Double {
        3 * max(1, speed) + 2
    }
    /// Metres under the goal that a finish claiming the goal may report (rounding on the wire).
    static let goalTolerance = 1.0
    /// Run-time seconds a claim may stand behind an earlier one: a finish is interpolated at the
    /// goal crossing, up to a fix interval before the last progress.
    static let runTimeTolerance = 1.5
    /// How many earlier updates each new one is compared with.
    static let historyLength = 64

    private let startedAt: Double
    private let speed: Double?
    private let goalMetres: Double?
    /// Earlier claims, oldest first: each new claim must be reachable from every one of them.
    private var history: [Claim] = []
    /// Why the mate's figures cannot be believed; nil while they can.
    package private(set) var verdict: String?

    /// Judges claims for a run that started at wall-clock second `startedAt`, replayed at `speed`
    /// (nil: unpaced), where reaching the goal means `goalMetres` (nil: no goal of its own).
    package init(startedAt: Double, speed: Double?, goalMetres: Double?) {
        self.startedAt = startedAt
        self.speed = speed
        self.goalMetres = goalMetres
    }

    /// Checks a `progress` arriving at wall-clock second `now`; returns the verdict if this claim
    /// is the first that fails.
    package mutating func check(_ progress: MateProgress, now: Double) -> String? {
        check(Claim(elapsed: progress.elapsedSeconds, distance: progress.distanceMetres), now: now)
    }

    /// Checks a `state finished`; returns the verdict if this claim is the first that fails.
    package mutating func check(_ finish: MateFinish, now: Double) -> String? {
        if verdict == nil, finish.reachedGoal, let goalMetres,
           finish.distanceMetres < goalMetres - Self.goalTolerance {
            verdict = "claimed the goal of \(Self.metres(goalMetres)) after \(Self.metres(finish.distanceMetres))"
            return verdict
        }
        return check(Claim(elapsed: finish.elapsedSeconds, distance: finish.distanceMetres), now: now)
    }

    private mutating func check(_ claim: Claim, now: Double) -> String? {
        guard verdict == nil else { return nil }
        verdict = problem(with: claim, now: now)
        history.append(claim)
        if history.count > Self.historyLength { history.removeFirst() }
        return verdict
    }

    private func problem(with claim: Claim, now: Double) -> String? {
        if let speed {
            let agreed = max(0, now - startedAt) * speed
            if claim.elapsed > agreed + Self.clockSlack(speed: speed) {
                return "claimed \(Self.seconds(claim.elapsed)) of run time when \(Self.seconds(agreed)) had passed"
            }
        }
        if claim.distance > Self.fastestSpeed * claim.elapsed + Self.distanceAllowance {
            return "claimed \(Self.metres(claim.distance)) in \(Self.seconds(claim.elapsed)), faster than any runner"
        }
        for earlier in history {
            if claim.elapsed < earlier.elapsed - Self.runTimeTolerance {
                return "run time went back from \(Self.seconds(earlier.elapsed)) to \(Self.seconds(claim.elapsed))"
            }
            let gained = claim.distance - earlier.distance
            if gained > Self.fastestSpeed * (claim.elapsed - earlier.elapsed) + Self.distanceAllowance {
                return "claimed \(Self.metres(gained)) in \(Self.seconds(claim.elapsed - earlier.elapsed)), faster than any runner"
            }
        }
        return nil
    }

    private struct Claim: Sendable, Equatable {
        var elapsed: Double
        var distance: Double
    }

    private static func metres(_ value: Double) -> String {
        value >= 1000 ? "\((value / 1000 * 100).rounded() / 100) km" : "\(Int(value.rounded())) m"
    }

    private static func seconds(_ value: Double) -> String {
        "\(Int(value.rounded())) s"
    }
}
