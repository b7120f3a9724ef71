/// A kept run as history lists it: everything but the track, its splits and laps (`outcome.splits`
/// and `outcome.laps` are empty in a listing, full once loaded), small enough that ten thousand of
/// them load in a blink.
///
/// `bests` are this run's own fastest efforts, found once when the run is kept, so that the
/// all-time bests never need the tracks again.
package struct RunRecordSummary: Sendable, Equatable {
    package var id: RunRecordID
    package var header: RunRecordHeader
    package var outcome: RunRecordOutcome
    package var bests: PersonalBests

    package init(id: RunRecordID, header: RunRecordHeader, outcome: RunRecordOutcome, bests: PersonalBests) {
        self.id = id
        self.header = header
        self.outcome = outcome
        self.bests = bests
    }

    /// When the run was kept, for `latest`: the wall time its keeping began, or, for a run kept
    /// before materun recorded that, when it ended.
    package var keptAt: Double {
        header.keptAt ?? header.startedAt + outcome.figures.elapsedSeconds
    }
}

/// A kept run in full: its summary, its track, and the mate's progress over time.
package struct RunRecord: Sendable, Equatable {
    package var summary: RunRecordSummary
    package var fixes: [RecordedFix]
    /// The mate's distance over time; empty for a solo run.
    package var mateProgress: [MateProgressPoint]

    package init(summary: RunRecordSummary, fixes: [RecordedFix], mateProgress: [MateProgressPoint] = []) {
        self.summary = summary
        self.fixes = fixes
        self.mateProgress = mateProgress
    }

    package var id: RunRecordID { summary.id }
}
