/// Follows the fixes `TrackFilter` rejects as outliers, so that a stretch the track leaves out (it
/// restarted past it, or the run ended in it) is reported with its length and times.
///
/// It only watches: which fixes count stays the filter's decision. While no outlier is pending it
/// costs the filter one check per accepted fix, and it allocates only when a stretch is left out.
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
        var latest: LocationSample?
        var outliers = 0
    }

    /// Steps shorter than this are measured together with the next ones, so that the receiver's
    /// noise (a few metres a fix) does not add up along a stretch of hundreds of fixes.
    static let measuringStep = 100.0

    private let fastestPlausibleSpeed: Double
    /// As many outliers in a row as the filter restarts on: fewer at the end of a run are a
    /// spike, not a stretch.
    private let fewestOutliers: Int
    private var pending: Pending?
    /// The stretches left out so far, in run order.
    private(set) var stretches: [LeftOutStretch] = []

    init(settings: TrackingSettings) {
        fastestPlausibleSpeed = settings.fastestPlausibleSpeed
        fewestOutliers = settings.outliersBeforeRestart
    }

    /// Whether outliers are pending since the last accepted fix.
    var isWatching: Bool { pending != nil }

    /// An outlier the filter rejected; `trackEnd` is where the counted track stopped, when no
    /// outlier was pending yet.
    mutating func rejected(_ sample: LocationSample, trackEnd: () -> (time: Double, coordinate: Coordinate)) {
        var watched: Pending
        if let pending {
            watched = pending
        } else {
            let end = trackEnd()
            watched = Pending(from: end.time, anchor: end.coordinate)
        }
        let step = Geodesic.distance(from: watched.anchor, to: sample.coordinate)
        if step >= Self.measuringStep { Self.measure(step, to: sample.coordinate, in: &watched) }
        watched.latest = sample
        watched.outliers += 1
        pending = watched
    }

    /// A fix was accepted: the pending outliers were the receiver's noise, counted across.
    mutating func accepted() {
        pending = nil
    }

    /// The track restarted at the latest outlier: the stretch up to it was left out.
    mutating func restarted() {
        close()
    }

    /// The track ends (the run is over or the runner paused it): outliers still pending, as many
    /// as would restart the track, were a stretch left out.
    mutating func ended() {
        guard let watched = pending else { return }
        if watched.outliers >= fewestOutliers { close() }
        pending = nil
    }

    private mutating func close() {
        guard var watched = pending, let last = watched.latest else { return }
        pending = nil
        Self.measure(Geodesic.distance(from: watched.anchor, to: last.coordinate), to: last.coordinate, in: &watched)
        let seconds = last.time - watched.from
        let leapt = watched.longestStep >= watched.metres / 2
        let tooFast = seconds > 0 && watched.metres / seconds > fastestPlausibleSpeed
        stretches.append(LeftOutStretch(
            reason: tooFast && !leapt ? .tooFast : .jump, distanceMetres: watched.metres,
            fromSeconds: watched.from, toSeconds: last.time))
    }

    private static func measure(_ step: Double, to coordinate: Coordinate, in watched: inout Pending) {
        watched.metres += step
        watched.longestStep = max(watched.longestStep, step)
        watched.anchor = coordinate
    }
}
