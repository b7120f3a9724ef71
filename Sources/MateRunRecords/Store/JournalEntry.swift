import MateRunDomain

/// One line of a run's journal, as the run hands it over: a fix's figures stay numbers until the
/// journal's own thread spells them out, so that a replay at full speed does not format a line
/// a second of run time on the thread that runs it.
package enum JournalEntry: Sendable {
    /// A kept fix and the run's figures at it.
    case fix(RecordedFix, JournalFixFigures)
    /// A line already in text, newline included.
    case text([UInt8])

    /// Appends the entry's line to `bytes`.
    package func write(to bytes: inout [UInt8]) {
        switch self {
        case .fix(let fix, let figures): RunJournal.writeFixLine(fix, figures: figures, to: &bytes)
        case .text(let line): bytes.append(contentsOf: line)
        }
    }
}

/// The run's figures a fix's journal line carries beside the fix's own.
package struct JournalFixFigures: Sendable {
    var elapsedSeconds: Double
    var caloriesKilocalories: Double
    var elevationGainMetres: Double

    package init(elapsedSeconds: Double, caloriesKilocalories: Double, elevationGainMetres: Double) {
        self.elapsedSeconds = elapsedSeconds
        self.caloriesKilocalories = caloriesKilocalories
        self.elevationGainMetres = elevationGainMetres
    }

    init(_ snapshot: RunSnapshot) {
        elapsedSeconds = snapshot.elapsedSeconds
        caloriesKilocalories = snapshot.caloriesKilocalories
        elevationGainMetres = snapshot.elevationGainMetres
    }
}
