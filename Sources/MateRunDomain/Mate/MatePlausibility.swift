/// Holds a mate's claims to the agreed clock and to what its sport allows, so that a peer that
/// sends made-up figures (42 km after one second, 5 km in 7 minutes, a finish out of nowhere)
/// cannot win, while an honest mate at any replay speed is never refused.
///
/// Everything is judged in the run's own seconds (`elapsed_s`), the one clock both sides share
/// at every speed:
/// - a claim's distance is never more than the sport covers in its run time
///   (`Sport.farthestMetres(in:)`), from the start and from each of the last updates;
/// - run time never goes back;
/// - when the pair replays at an agreed speed, a claim's run time is never ahead of the
///   wall-clock time since the start times the speed, by more than the link's slack;
/// - a `finished` follows the progress that led to it: not without progress, not long after the
///   latest progress, and (a race) not short of the goal.
///
/// An honest run's distance can lag its run time (two sensors replayed at 10 000× race each other,
/// a GPS stall is caught up later), never lead it. So the check from the start is exact at every
/// speed, while the checks between updates allow a lag: the link's slack and `stallAllowance`
/// seconds, and none at all without an agreed speed (no common clock bounds the lag).
///
/// The first claim that fails is kept as the verdict, in words for both runners; nothing a mate
/// sends afterwards can clear it.
package struct MatePlausibility: Sendable, Equatable {
    /// Metres allowed on top of the sport's limit: what a GPS filter may add at once when it
    /// catches up after a jump.
    package static let distanceAllowance = 50.0
    /// Run-time seconds a mate's elapsed time may stand ahead of the agreed clock: three wall
    /// seconds of link delay and countdown skew, at the replay speed, and two more.
    package static func clockSlack(speed: Double) -> Double {
        3 * max(1, speed) + 2
    }
    /// Run-time seconds an honest distance may lag its run time between two updates (a GPS stall
    /// caught up at once), on top of the clock slack.
    package static let stallAllowance = 30.0
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
    private let sport: Sport
    /// Earlier claims, oldest first: each new claim must be reachable from every one of them.
    private var history: [Claim] = []
    /// The newest `progress` believed, or nil before the first.
    private var latestProgress: Claim?
    /// Why the mate's figures cannot be believed; nil while they can.
    package private(set) var verdict: String?

    /// Judges claims for a run that started at wall-clock second `startedAt`, replayed at `speed`
    /// (nil: unpaced), where reaching the goal means `goalMetres` (nil: no goal of its own), by a
    /// mate doing `sport`.
    package init(startedAt: Double, speed: Double?, goalMetres: Double?, sport: Sport = .running) {
        self.startedAt = startedAt
        self.speed = speed
        self.goalMetres = goalMetres
        self.sport = sport
    }

    /// Checks a `progress` arriving at wall-clock second `now`; returns the verdict if this claim
    /// is the first that fails.
    package mutating func check(_ progress: MateProgress, now: Double) -> String? {
        let claim = Claim(elapsed: progress.elapsedSeconds, distance: progress.distanceMetres)
        let verdict = check(claim, now: now)
        if verdict == nil, self.verdict == nil { latestProgress = claim }
        return verdict
    }

    /// Checks a `state finished`; returns the verdict if this claim is the first that fails.
    package mutating func check(_ finish: MateFinish, now: Double) -> String? {
        guard verdict == nil else { return nil }
        if finish.reachedGoal, let goalMetres, finish.distanceMetres < goalMetres - Self.goalTolerance {
            verdict = "claimed the goal of \(Self.metres(goalMetres)) after \(Self.metres(finish.distanceMetres))"
            return verdict
        }
        if let problem = unprepared(finish) {
            verdict = problem
            return verdict
        }
        return check(Claim(elapsed: finish.elapsedSeconds, distance: finish.distanceMetres), now: now)
    }

    /// Why a finish does not follow from the progress before it, or nil when it does.
    private func unprepared(_ finish: MateFinish) -> String? {
        guard let latestProgress else {
            return finish.distanceMetres > Self.distanceAllowance
                ? "finished with \(Self.metres(finish.distanceMetres)) without any progress before" : nil
        }
        guard let lag = allowedLag else { return nil }
        let gap = finish.elapsedSeconds - latestProgress.elapsed
        return gap > lag
            ? "finished at \(Self.seconds(finish.elapsedSeconds)) when its last progress was at \(Self.seconds(latestProgress.elapsed))"
            : nil
    }

    /// Run-time seconds an honest claim's distance may lag its run time between updates; nil when
    /// nothing bounds it (no agreed speed).
    private var allowedLag: Double? {
        speed.map { Self.clockSlack(speed: $0) + Self.stallAllowance }
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
        if claim.distance > reach(in: claim.elapsed) {
            return tooFast(claim.distance, in: claim.elapsed)
        }
        for earlier in history {
            if claim.elapsed < earlier.elapsed - Self.runTimeTolerance {
                return "run time went back from \(Self.seconds(earlier.elapsed)) to \(Self.seconds(claim.elapsed))"
            }
            guard let lag = allowedLag else { continue }
            let gained = claim.distance - earlier.distance, time = claim.elapsed - earlier.elapsed
            if gained > reach(in: time + lag) {
                return tooFast(gained, in: time)
            }
        }
        return nil
    }

    /// The most metres the mate's sport covers in `seconds`, with the GPS allowance.
    private func reach(in seconds: Double) -> Double {
        sport.farthestMetres(in: seconds) + Self.distanceAllowance
    }

    private func tooFast(_ metres: Double, in seconds: Double) -> String {
        let who = sport == .cycling ? "cyclist" : "runner"
        return "claimed \(Self.metres(metres)) in \(Self.seconds(seconds)), faster than any \(who)"
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
