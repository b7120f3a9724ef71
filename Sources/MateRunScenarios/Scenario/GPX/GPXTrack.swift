import MateRunDomain

/// The part of a GPX 1.1 file a replay uses: the track's name and its points, timed from the
/// first point.
struct GPXTrack {
    /// `<trk><name>`, else `<metadata><name>`, if the file has one.
    var name: String?
    /// Every `<trkpt>` of every `<trkseg>` of every `<trk>`, in file order.
    var points: [LocationSample]
}
