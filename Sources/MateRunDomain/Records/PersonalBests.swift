/// The distances a runner keeps personal bests for.
package enum BestDistance: Double, Sendable, CaseIterable, Comparable {
    case oneKilometre = 1000
    case fiveKilometres = 5000
    case tenKilometres = 10000
    case halfMarathon = 21097.5
    case marathon = 42195

    /// A stable word for JSON and tables.
    package var key: String {
        switch self {
        case .oneKilometre: "1k"
        case .fiveKilometres: "5k"
        case .tenKilometres: "10k"
        case .halfMarathon: "half_marathon"
        case .marathon: "marathon"
        }
    }

    package static func < (lhs: BestDistance, rhs: BestDistance) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The fastest stretch of one distance: how long it took (moving time) and where it was.
package struct BestEffort: Sendable, Equatable {
    package var movingSeconds: Double
    /// Metres into the run where the stretch began.
    package var startMetres: Double
    /// The run it was found in; nil while the effort belongs to a track not yet kept.
    package var runID: RunRecordID?

    package init(movingSeconds: Double, startMetres: Double, runID: RunRecordID? = nil) {
        self.movingSeconds = movingSeconds
        self.startMetres = startMetres
        self.runID = runID
    }
}

/// The fastest 1 km, 5 km, 10 km, half marathon and marathon, found anywhere along a track, not
/// only over whole runs.
///
/// A track is a sequence of cumulative (distance, moving time) points; between points both grow
/// linearly, so a stretch may start and end between two points. Time spent standing (distance
/// not growing) before a stretch does not count against it, and time at the end does not either.
package struct PersonalBests: Sendable, Equatable {
    package private(set) var efforts: [BestDistance: BestEffort]

    package init(efforts: [BestDistance: BestEffort] = [:]) {
        self.efforts = efforts
    }

    package subscript(distance: BestDistance) -> BestEffort? { efforts[distance] }

    /// The bests of one track, labelled with `runID`.
    package init(track: [RecordedFix], runID: RunRecordID? = nil) {
        var search = BestEffortSearch()
        for fix in track { search.add(distance: fix.distanceMetres, moving: fix.movingSeconds) }
        self = search.bests(runID: runID)
    }

    /// These bests and `other`'s, keeping the faster effort for each distance (the earlier one,
    /// `self`'s, on a tie).
    package func merged(with other: PersonalBests) -> PersonalBests {
        var efforts = self.efforts
        for (distance, effort) in other.efforts where effort.movingSeconds < efforts[distance]?.movingSeconds ?? .infinity {
            efforts[distance] = effort
        }
        return PersonalBests(efforts: efforts)
    }
}
