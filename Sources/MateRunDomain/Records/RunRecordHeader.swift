/// What is known about a run when it starts: when, who, on which scenario, and with whom.
///
/// Written first into the run's journal, so that even a run cut short by a crash says what it was.
package struct RunRecordHeader: Sendable, Equatable {
    /// The wall-clock start, in seconds since 1970-01-01T00:00:00Z (the caller reads the clock).
    package var startedAt: Double
    /// The runner's local offset from UTC at the start, in seconds: weeks and months are counted
    /// in the runner's local calendar, and the ISO 8601 start time carries this offset.
    package var utcOffsetSeconds: Int
    package var runner: RunnerProfile
    package var scenario: RecordedScenario
    /// The pairing, for a run with a mate; nil for a solo replay.
    package var pairing: RecordedPairing?
    /// The goal distance the run headed for, if any.
    package var goalMetres: Double?
    /// When the run began to be kept, on the wall clock (seconds since 1970): a replayed file keeps
    /// its own `startedAt`, which says nothing of when it was kept, and `latest` means the run
    /// kept most recently. Nil for a run kept before materun recorded it.
    package var keptAt: Double?

    package init(
        startedAt: Double, utcOffsetSeconds: Int = 0, runner: RunnerProfile, scenario: RecordedScenario,
        pairing: RecordedPairing? = nil, goalMetres: Double? = nil, keptAt: Double? = nil
    ) {
        self.keptAt = keptAt
        self.startedAt = startedAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.runner = runner
        self.scenario = scenario
        self.pairing = pairing
        self.goalMetres = goalMetres
    }
}

/// The scenario a run replayed: its display name and the path it was loaded from.
package struct RecordedScenario: Sendable, Equatable {
    package var name: String
    package var path: String

    package init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// Who a paired run was run with, and how.
package struct RecordedPairing: Sendable, Equatable {
    package var mode: MateMode
    package var mateName: String

    package init(mode: MateMode, mateName: String) {
        self.mode = mode
        self.mateName = mateName
    }
}
