/// The track the tracker counted for a run's fixes: the points of its smoothed track whose steps
/// make the distance, split where it restarted the track (a pause, a jump it would not count).
///
/// Exists for exports: the raw fixes of a noisy run measure far longer than the run (a reader
/// sums the noise), while these points measure what the runner was shown, so that another
/// program (gpxpy, gpsbabel, a site a runner uploads to) reads the same distance.
package enum CountedTrack {
    /// A point of the counted track.
    package struct Point: Sendable, Equatable {
        /// Seconds since the start of the run: the time of the fix it was smoothed from.
        package var time: Double
        package var coordinate: Coordinate
        /// No distance leads to it: the first point, or the first after a pause or a restart.
        package var startsSegment: Bool

        package init(time: Double, coordinate: Coordinate, startsSegment: Bool) {
            self.time = time
            self.coordinate = coordinate
            self.startsSegment = startsSegment
        }
    }

    /// The counted track of `fixes` (in time order; a fix that `pausesRecording` ends a segment),
    /// filtered as a run with `settings` filters them.
    package static func points(of fixes: [LocationSample], settings: TrackingSettings = .standard) -> [Point] {
        var filter = TrackFilter(settings: settings)
        filter.keepsCountedPoints = true
        for fix in fixes {
            _ = filter.filter(fix)
            if fix.pausesRecording { _ = filter.breakTrack() }
        }
        _ = filter.finish()
        return filter.countedPoints
    }
}
