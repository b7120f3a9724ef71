/// A stretch of a run the tracker saw and deliberately did not count: a drive, a jump of the
/// receiver. A summary names each one, so that a run that reads shorter than its file says why
/// (a GPX holding a car drive read 39% short with no word of it).
package struct LeftOutStretch: Sendable, Equatable {
    /// Why a stretch was not counted: a short, stable word for machines (`rawValue`).
    package enum Reason: String, Sendable, Equatable, CaseIterable {
        /// Its fixes went faster than the sport allows all along, none of them a leap that makes
        /// most of it: a drive, a train.
        case tooFast = "too_fast"
        /// The position leapt (one step between two fixes makes at least half of the stretch), or
        /// the fixes strayed from the track no faster than the sport allows: the track restarted
        /// at the new place.
        case jump
    }

    package var reason: Reason
    /// Metres along the stretch's fixes (geodesic), from the last counted point to where the
    /// track went on (or to the last fix, when the run ended in it).
    package var distanceMetres: Double
    /// Run time (seconds since the start) of the last counted fix before the stretch.
    package var fromSeconds: Double
    /// Run time of the fix the track went on from (or of the last fix of the stretch).
    package var toSeconds: Double

    package init(reason: Reason, distanceMetres: Double, fromSeconds: Double, toSeconds: Double) {
        self.reason = reason
        self.distanceMetres = distanceMetres
        self.fromSeconds = fromSeconds
        self.toSeconds = toSeconds
    }
}
