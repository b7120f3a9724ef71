/// The group as everyone sees it: the phase, and every runner in order of place.
///
/// Race: runners who reached the goal first, by finish time; then the others by distance
/// (longest first). Team: by distance. Refused runners come last and have no place.
package struct GroupBoard: Sendable, Equatable {
    package enum Phase: String, Sendable, Equatable {
        /// Runners are joining; nobody runs yet.
        case gathering
        /// The start is called; runs start when the countdown ends.
        case starting
        case running
        /// Every runner is finished, gone or refused: the board is the result.
        case over
    }

    package var phase: Phase
    package var terms: GroupTerms
    /// In order of place.
    package var runners: [GroupRunner]

    package init(phase: Phase, terms: GroupTerms, runners: [GroupRunner]) {
        self.phase = phase
        self.terms = terms
        self.runners = Self.ranked(runners, mode: terms.mode)
    }

    /// The sum of every counted runner's distance (what a team run's goal is judged on).
    package var teamMetres: Double {
        runners.filter { $0.status != .refused }.reduce(0) { $0 + $1.distanceMetres }
    }

    /// A runner's place, from 1, or nil when refused or unknown.
    package func place(of id: String) -> Int? {
        guard let index = runners.firstIndex(where: { $0.id == id }), runners[index].status != .refused else { return nil }
        return index + 1
    }

    /// The runners in `runners` in order of place.
    static func ranked(_ runners: [GroupRunner], mode: MateMode) -> [GroupRunner] {
        runners.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if (a.status == .refused) != (b.status == .refused) { return b.status == .refused }
            if mode == .race, a.reachedGoal != b.reachedGoal { return a.reachedGoal }
            if mode == .race, a.reachedGoal, a.elapsedSeconds != b.elapsedSeconds { return a.elapsedSeconds < b.elapsedSeconds }
            if a.distanceMetres != b.distanceMetres { return a.distanceMetres > b.distanceMetres }
            return left.offset < right.offset
        }.map(\.element)
    }
}
