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
    var points: GPXPointList
    /// Which format was read: named in the summary, and whether places are lines or bytes.
    var format: Scenario.Source = .gpx
    /// What the reader dropped (points without a position), one sentence each.
    var notes: [String] = []
    var laps = Laps()

    /// What `--track N` counts, as the format calls it.
    var trackElements: String {
        switch format {
        case .fit: "sessions"
        case .nmea: "logs"
        case .tcx: "<Activity>/<Course> elements"
        default: "<trk>/<rte> elements"
        }
    }

    /// A point's time, as the format calls it.
    var timeField: String {
        switch format {
        case .fit: "timestamp"
        case .nmea: "time of day"
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
///
/// A file may hold hundreds of thousands of points, all held until the replay starts: the
/// figures that may be missing are kept in 8 bytes each (`PackedOptional`) rather than an
/// optional's 16, which makes a point 96 bytes instead of 144.
struct GPXPoint: Equatable {
    var latitude: Double
    var longitude: Double
    @PackedOptional var elevation: Double?
    var time: CivilTime.Instant? {
        get { epochSeconds == Self.noTime ? nil : CivilTime.Instant(epochSeconds: epochSeconds, fraction: fraction) }
        set {
            epochSeconds = newValue?.epochSeconds ?? Self.noTime
            fraction = newValue?.fraction ?? 0
        }
    }
    /// Beats per minute, from the point's extensions.
    @PackedOptional var heartRate: Double?
    /// As the file writes it: per foot for Garmin's running cadence, per minute of both feet for others.
    @PackedOptional var cadence: Double?
    /// The accuracy in metres the receiver claimed, when the file says (materun's export does).
    @PackedOptional var accuracy: Double?
    /// Metres from the start as the device measured them (TCX `DistanceMeters`, FIT distance).
    @PackedOptional var deviceDistance: Double?
    /// Metres per second as the device measured them (TCX `Speed`, FIT speed).
    @PackedOptional var deviceSpeed: Double?
    /// Index into `GPXTrack.tracks`.
    var track: Int32
    /// Which `<trkseg>` (numbered across the document); a route is one segment.
    var segment: Int32
    /// The point's line (GPX, TCX) or byte offset (FIT).
    var line: Int32
    /// What the motion sensor said at the point, when the file says (materun's export does).
    var activity: Activity?

    /// `epochSeconds` of a point without a time.
    private static let noTime = Int64.min
    private var epochSeconds: Int64
    private var fraction: Double

    init(
        latitude: Double, longitude: Double, elevation: Double? = nil, time: CivilTime.Instant? = nil,
        heartRate: Double? = nil, cadence: Double? = nil, accuracy: Double? = nil, activity: Activity? = nil,
        deviceDistance: Double? = nil, deviceSpeed: Double? = nil, track: Int32, segment: Int32, line: Int32
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        epochSeconds = time?.epochSeconds ?? Self.noTime
        fraction = time?.fraction ?? 0
        self.heartRate = heartRate
        self.cadence = cadence
        self.accuracy = accuracy
        self.activity = activity
        self.deviceDistance = deviceDistance
        self.deviceSpeed = deviceSpeed
        self.track = track
        self.segment = segment
        self.line = line
    }
}
