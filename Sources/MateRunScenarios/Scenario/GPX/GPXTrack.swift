import MateRunDomain

/// A GPX document as read: its tracks and routes, and every point with the track and segment it
/// belongs to, before anything is decided about them (`GPXActivity` decides). A TCX or FIT file
/// is read into the same shape (`TCXParser`, `FITDocument`), so that all three replay by the
/// same rules.
struct GPXTrack {
    /// The laps a TCX or FIT file marks, for the summary.
    struct Laps: Equatable {
        var count = 0
        /// Those ended by the lap key (TCX `TriggerMethod` Manual, FIT lap_trigger manual).
        var manual = 0
    }

    /// One `<trk>` or `<rte>` of the document.
    struct Track: Equatable {
        var isRoute: Bool
        /// Where it opens, for messages.
        var line: Int
        var name: String?
        /// `<type>`: the activity as the device or app wrote it (`running`, `cycling`, …).
        var type: String?
    }

    /// The file, for messages.
    var file: String
    /// `<metadata><name>`, if the file has one.
    var metadataName: String?
    /// Every `<trk>` and `<rte>`, in document order (numbered from 1 for `--track`).
    var tracks: [Track]
    /// Every `<trkpt>` and `<rtept>`, in document order.
    var points: [GPXPoint]
    /// Which format was read: named in the summary, and whether places are lines or bytes.
    var format: Scenario.Source = .gpx
    /// What the reader dropped (points without a position), one sentence each.
    var notes: [String] = []
    var laps = Laps()

    /// What `--track N` counts, as the format calls it.
    var trackElements: String {
        switch format {
        case .fit: "sessions"
        case .tcx: "<Activity>/<Course> elements"
        default: "<trk>/<rte> elements"
        }
    }

    /// A point's time, as the format calls it.
    var timeField: String {
        switch format {
        case .fit: "timestamp"
        case .tcx: "<Time>"
        default: "<time>"
        }
    }

    /// A point's or track's place (`GPXPoint.line`) as messages say it.
    func place(_ at: some BinaryInteger) -> String {
        format == .fit ? "byte \(at)" : "line \(at)"
    }
}

/// One `<trkpt>` or `<rtept>` as the file has it.
struct GPXPoint: Equatable {
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    var time: CivilTime.Instant?
    /// Beats per minute, from the point's extensions.
    var heartRate: Double?
    /// As the file writes it: per foot for Garmin's running cadence, per minute of both feet for others.
    var cadence: Double?
    /// The accuracy in metres the receiver claimed, when the file says (materun's export does).
    var accuracy: Double?
    /// What the motion sensor said at the point, when the file says (materun's export does).
    var activity: Activity?
    /// Metres from the start as the device measured them (TCX `DistanceMeters`, FIT distance).
    var deviceDistance: Double?
    /// Metres per second as the device measured them (TCX `Speed`, FIT speed).
    var deviceSpeed: Double?
    /// Index into `GPXTrack.tracks`.
    var track: Int32
    /// Which `<trkseg>` (numbered across the document); a route is one segment.
    var segment: Int32
    /// The point's line (GPX, TCX) or byte offset (FIT).
    var line: Int32
}
