/// How big a scenario may be, so that a hostile or broken file gets an error instead of making
/// the loader allocate without bound: replay builds a 1 Hz motion stream and a fix every GPS
/// interval over the whole run, so its length is what costs memory.
enum ScenarioLimits {
    /// The longest run a scenario may describe: 7 days, far beyond any race (a 24-hour race, a
    /// multi-day ultra), yet at most about 600k motion samples.
    static let maxDurationSeconds = 7.0 * 86_400

    /// The most segments a script may have, in its list and once its `repeat` groups are unrolled.
    static let maxSegments = 10_000

    /// The largest JSON scenario read: a script is a few kilobytes, and a recording of a
    /// marathon at 1 Hz about 2 MB; longer recordings replay as GPX, which is read in chunks.
    /// Checked against the file's size before anything is read.
    static let maxJSONBytes = 16 << 20

    /// The largest TCX or FIT file read, whole: a FIT file of a 24-hour race at 1 Hz is about
    /// 5 MB, its TCX about 40 MB. Checked against the file's size before anything is read.
    static let maxWholeFileBytes = 256 << 20

    /// `maxDurationSeconds` as people read it.
    static let maxDurationText = "7 days (168:00:00)"
}
