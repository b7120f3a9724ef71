/// What a FIT activity file says that a replay needs, in file order: the `record` messages (the
/// points), the timer's stops (pauses), the laps and the sessions (the activities of a
/// multisport file). Kept apart from the decoding so that `FITDocument` decides what the
/// messages mean and `FITDecoder` only how the bytes are laid out.
struct FITLog {
    /// A `record` message (global 20). Positions in degrees, the rest in SI units; nil where the
    /// message has no such field or writes it as invalid.
    struct Record {
        /// Where the message starts in the file, for notes.
        var offset: Int
        /// Seconds since 1989-12-31T00:00:00Z (the FIT epoch).
        var timestamp: UInt32?
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var heartRate: Double?
        /// As the device writes it: per foot for running on Garmin watches.
        var cadence: Double?
        /// Metres since the start, as the device measured it.
        var distance: Double?
        /// Metres per second, as the device measured it.
        var speed: Double?
        /// The accuracy in metres the receiver claimed (gps_accuracy), when the file says.
        var accuracy: Double?
        /// How many times the timer stopped before this record: a new value is a new segment.
        var timerStops: Int
    }

    /// A `session` message (global 18): one activity of the file.
    struct Session {
        var start: UInt32?
        var end: UInt32?
        /// The profile's sport number (1 running, 2 cycling, 11 walking, 17 hiking, …).
        var sport: UInt8?
        /// Metres, as the device measured it.
        var distance: Double?
    }

    /// The file_id's type: 4 is an activity; settings, workouts, courses… have others.
    var fileType: UInt8?
    var records: [Record] = []
    var sessions: [Session] = []
    /// How many `lap` messages (global 19) the file holds.
    var laps = 0
    /// How many of those were a press of the lap key (lap_trigger manual).
    var manualLaps = 0
}
