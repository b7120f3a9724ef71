import MateRunDomain

/// A run ready to replay: what a scenario file (JSON or GPX) resolves to.
///
/// It exists so that everything downstream (providers, the use case, tests) sees one plain value,
/// whatever the file looked like: the sensor streams are fully computed, time-ordered, and timed
/// in seconds from the start of the run.
package struct Scenario: Sendable {
    /// Where the samples of a scenario came from.
    package enum Source: String, Sendable, Equatable {
        /// Generated from a route and segments (with seeded noise).
        case scripted
        /// Hand-listed fixes and motions in a JSON file.
        case recorded
        /// A GPX 1.1 track.
        case gpx
        /// A Garmin TrainingCenterDatabase v2 file.
        case tcx
        /// A FIT activity file, as Garmin, Wahoo and Coros devices write.
        case fit
        /// An NMEA 0183 log, as a receiver sends it (gpsd's and gpsfake's input).
        case nmea
    }

    package var name: String
    /// One-line description.
    package var summary: String
    /// Who runs; nil for GPX, whose weight then comes from elsewhere (a command-line flag).
    package var runner: RunnerProfile?
    package var goalMetres: Double?
    /// Location fixes in time order, seconds from the start.
    package var locations: [LocationSample]
    /// Motion updates in time order (1 Hz for every bundled form); may be empty.
    package var motions: [MotionSample]
    /// The time of the last sample.
    package var durationSeconds: Double
    /// The true (noise-free) distance the scripted runner covers; nil for recorded and GPX tracks.
    package var routeMetres: Double?
    package var source: Source
    /// What the track records, for the tracker's outlier speed; running unless a GPX file says
    /// (its `<type>`) or its speeds show otherwise.
    package var sport: Sport
    /// The steps a scripted run follows (its segments); nil for recorded runs and GPX tracks.
    package var workout: Workout?
    /// When time 0 was, in seconds since 1970, for a file with its own times (GPX, TCX, FIT), so
    /// that a kept replay keeps them; nil for a script, a recording and a track replayed at a pace.
    package var startedAt: Double?
    /// What reading the file took that its author should know (points dropped, tracks left out),
    /// one sentence each, for standard error.
    package var notes: [String]

    package init(
        name: String, summary: String, runner: RunnerProfile?, goalMetres: Double?,
        locations: [LocationSample], motions: [MotionSample], durationSeconds: Double,
        routeMetres: Double?, source: Source, sport: Sport = .running, notes: [String] = [], workout: Workout? = nil,
        startedAt: Double? = nil
    ) {
        self.name = name
        self.summary = summary
        self.runner = runner
        self.goalMetres = goalMetres
        self.locations = locations
        self.motions = motions
        self.durationSeconds = durationSeconds
        self.routeMetres = routeMetres
        self.source = source
        self.sport = sport
        self.notes = notes
        self.workout = workout
        self.startedAt = startedAt
    }
}
