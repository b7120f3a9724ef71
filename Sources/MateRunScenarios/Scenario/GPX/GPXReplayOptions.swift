/// How to replay a GPX file where the file alone does not say: which of its tracks, and at what
/// pace when it has no times (a planned route) or should be run at another pace.
package struct GPXReplayOptions: Sendable, Equatable {
    /// 1-based, over the file's `<trk>` and `<rte>` elements in document order.
    package var track: Int?
    /// Replays the track at this steady pace (seconds per kilometre) instead of its own times.
    package var paceSecondsPerKilometre: Double?

    package init(track: Int? = nil, paceSecondsPerKilometre: Double? = nil) {
        self.track = track
        self.paceSecondsPerKilometre = paceSecondsPerKilometre
    }
}
