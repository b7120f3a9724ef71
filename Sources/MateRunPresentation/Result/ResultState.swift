import MateRunDomain

/// Everything the result screen shows about a finished run, already formatted.
///
/// Views only lay these strings out, so that the terminal result and any later view agree.
package struct ResultState: Sendable, Equatable {
    /// One labelled value of the summary: `Distance` / `5.00 km`.
    package struct Line: Sendable, Equatable {
        package var label: String
        package var value: String
    }

    /// One row of the splits table.
    package struct SplitRow: Sendable, Equatable {
        /// `3` for a whole kilometre, `5.43` for a final partial split.
        package var kilometre: String
        /// `5'12"/km`.
        package var pace: String
        /// Moving time spent on the split: `00:05:12`.
        package var time: String
        /// `+12 m`.
        package var climb: String
        /// The split's speed as a fraction of the fastest split's (0...1), for a bar per split.
        package var speedFraction: Double
        /// The fastest split of the run (whole kilometres only, unless there are none).
        package var isFastest: Bool
    }

    package var ending: RunEnding
    /// `Goal reached`, `Run ended` or `Run cancelled`.
    package var title: String
    package var runnerName: String
    /// Distance, time, moving time, calories, average pace, climb, goal (when set) and how it ended.
    package var lines: [Line]
    /// What the tracker did not count (a drive, a jump), one line each, labelled `Left out`;
    /// empty when it counted everything.
    package var leftOut: [Line] = []
    package var splits: [SplitRow]
    /// The laps the runner marked (the first column is the lap's distance in km); empty when none.
    package var laps: [SplitRow] = []
}
