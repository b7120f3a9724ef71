import MateRunDomain

/// Everything the result screen shows about a finished run, already formatted.
///
/// Views only lay these strings out, so that the terminal result and any later view agree.
public struct ResultState: Sendable, Equatable {
    /// One labelled value of the summary: `Distance` / `5.00 km`.
    public struct Line: Sendable, Equatable {
        public var label: String
        public var value: String
    }

    /// One row of the splits table.
    public struct SplitRow: Sendable, Equatable {
        /// `3` for a whole kilometre, `5.43` for a final partial split.
        public var kilometre: String
        /// `5'12"/km`.
        public var pace: String
        /// Moving time spent on the split: `00:05:12`.
        public var time: String
        /// `+12 m`.
        public var climb: String
    }

    public var ending: RunEnding
    /// `Goal reached`, `Run ended` or `Run cancelled`.
    public var title: String
    public var runnerName: String
    /// Distance, time, moving time, calories, average pace, climb, goal (when set) and how it ended.
    public var lines: [Line]
    public var splits: [SplitRow]
}
