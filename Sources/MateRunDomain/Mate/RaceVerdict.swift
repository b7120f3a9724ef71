/// Who won a race, from the two sides' `state finished`: both sides call it with the same two
/// values, so both name the same winner.
///
/// Rules: a side that reached the goal beats one that did not; if both reached it, the smaller
/// `elapsedSeconds` wins, compared to the millisecond (the precision both sides share); an exact
/// tie goes to the host, so that there is always exactly one winner to name. If neither reached
/// the goal, there is no winner.
package enum RaceVerdict {
    package static func winner(host: MateFinish, joiner: MateFinish) -> MateRole? {
        switch (host.reachedGoal, joiner.reachedGoal) {
        case (false, false): return nil
        case (true, false): return .host
        case (false, true): return .joiner
        case (true, true):
            return milliseconds(joiner.elapsedSeconds) < milliseconds(host.elapsedSeconds) ? .joiner : .host
        }
    }

    /// The same, seen from `role`'s side with its own and the mate's finish.
    package static func winner(own: MateFinish, mate: MateFinish, role: MateRole) -> MateRole? {
        role == .host ? winner(host: own, joiner: mate) : winner(host: mate, joiner: own)
    }

    private static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded()
    }
}
