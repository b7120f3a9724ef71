/// Follows the fixes `TrackFilter` rejects as outliers, so that a stretch the track leaves out (it
/// restarted past it, or the run ended in it) is reported with its length and times.
///
/// It only watches: which fixes count stays the filter's decision. It is told of outliers only,
/// never of an accepted fix (a check there cost the session 12 instructions a fix): outliers
/// pending from before the track's latest accepted fix were noise the track went on across, and
/// are dropped when the next outlier or the end comes. It allocates at the run's first outlier
/// (the pending stretch's storage, then reused) and when a stretch is left out, never per fix,
/// and holds no thresholds of its own: the filter's settings are handed in.
struct LeftOutWatch {
    /// The outliers since the last accepted fix.
    private struct Pending {
        /// Run time of the last accepted fix, where the stretch starts.
        var from: Double
        /// The last point measured from.
        var anchor: Coordinate
        var metres = 0.0
        /// The longest single step measured: a leap when it makes most of the stretch.
        var longestStep = 0.0
        /// The latest outlier, where the stretch ends so far.
        var latestTime: Double
        var latest: Coordinate
        var outliers = 0
    }

    /// Steps shorter than this are measured together with the next ones, so that the receiver's
    /// noise (a few metres a fix) does not add up along a stretch of hundreds of fixes.
    static let measuringStep = 100.0

    /// The outliers' stretch, if any: an array of at most one, so that the watch adds two
    /// references to the filter (moved with every fix), not the stretch's 72 bytes. Held inline,
    /// the session took 10 more instructions a fix (callgrind); so, 0.6.
    private var pending: [Pending] = []
    /// The stretches left out so far, in run order.
    private(set) var stretches: [LeftOutStretch] = []

    /// An outlier the filter rejected. `trackTime` is the time of the track's latest accepted
    /// fix, and `trackEnd` where the counted track stopped then (asked for when a stretch starts).
    mutating func rejected(_ sample: LocationSample, trackTime: Double, trackEnd: () -> Coordinate) {
        var watched: Pending
        if let pending = current(trackTime: trackTime) {
            watched = pending
        } else {
            let end = trackEnd()
            watched = Pending(from: trackTime, anchor: end, latestTime: trackTime, latest: end)
        }
        let step = Geodesic.distance(from: watched.anchor, to: sample.coordinate)
        if step >= Self.measuringStep { Self.measure(step, to: sample.coordinate, in: &watched) }
        watched.latestTime = sample.time
        watched.latest = sample.coordinate
        watched.outliers += 1
        if pending.isEmpty { pending.append(watched) } else { pending[0] = watched }
    }

    /// The track restarted at the latest outlier: the stretch up to it was left out.
    mutating func restarted(under settings: TrackingSettings) {
        close(under: settings)
    }

    /// The track ends (the run is over or the runner paused it; `trackTime` is its latest
    /// accepted fix): outliers pending since then, as many as would restart the track, were a
    /// stretch left out; fewer are a spike, not a stretch.
    mutating func ended(under settings: TrackingSettings, trackTime: Double?) {
        if let watched = trackTime.flatMap(current(trackTime:)), watched.outliers >= settings.outliersBeforeRestart {
            close(under: settings)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The pending stretch, unless the track accepted a fix after it began.
    private func current(trackTime: Double) -> Pending? {
        guard let pending = pending.first, pending.from == trackTime else { return nil }
        return pending
    }

    private mutating func close(under settings: TrackingSettings) {
        guard var watched = pending.first else { return }
        pending.removeAll(keepingCapacity: true)
        Self.measure(Geodesic.distance(from: watched.anchor, to: watched.latest), to: watched.latest, in: &watched)
        let seconds = watched.latestTime - watched.from
        let leapt = watched.longestStep >= watched.metres / 2
        let tooFast = seconds > 0 && watched.metres / seconds > settings.fastestPlausibleSpeed
        stretches.append(LeftOutStretch(
            reason: tooFast && !leapt ? .tooFast : .jump, distanceMetres: watched.metres,
            fromSeconds: watched.from, toSeconds: watched.latestTime))
    }

    private static func measure(_ step: Double, to coordinate: Coordinate, in watched: inout Pending) {
        watched.metres += step
        watched.longestStep = max(watched.longestStep, step)
        watched.anchor = coordinate
    }
}
