import MateRunDomain

/// One line of a run's journal, as the run hands it over: a fix's figures stay numbers until the
/// journal's own thread spells them out, so that a replay at full speed does not format a line
/// a second of run time on the thread that runs it.
package enum JournalEntry: Sendable {
    /// Kept fixes, in order, each with the run's figures at it: a line each. The run hands them
    /// over as it holds them (one, or a burst of a replay ahead of real time), so that the list
    /// is passed on rather than copied fix by fix.
    case fixes([KeptFix])
    /// A line already in text, newline included.
    case text([UInt8])

    /// How many lines the entry writes.
    var lineCount: Int {
        switch self {
        case .fixes(let fixes): fixes.count
        case .text: 1
        }
    }

    /// Appends the entry's lines to `bytes`.
    package func write(to bytes: inout [UInt8]) {
        switch self {
        case .fixes(let fixes):
            for kept in fixes { RunJournal.writeFixLine(kept, to: &bytes) }
        case .text(let line): bytes.append(contentsOf: line)
        }
    }
}
