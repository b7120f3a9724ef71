import MateRunDomain

/// A GPX document as read: its tracks and routes, and every point with the track and segment it
/// belongs to, before anything is decided about them (`GPXActivity` decides).
struct GPXTrack {
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
    /// Index into `GPXTrack.tracks`.
    var track: Int32
    /// Which `<trkseg>` (numbered across the document); a route is one segment.
    var segment: Int32
    var line: Int32
}
