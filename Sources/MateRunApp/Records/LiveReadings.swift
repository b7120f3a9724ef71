import MateRunDomain
import MateRunGPSD

/// What a live GPS delivered, read by the keeper: the latest fix at or before a moment of the
/// run, from the few the sensor holds. A live run has no heart-rate strap or pedometer, so a
/// kept fix carries only what the receiver said.
struct LiveReadings: KeptReadings {
    private let delivered: RecentFixes
    private(set) var locationIndex = -1
    private(set) var location: LocationSample?

    init(delivered: RecentFixes) {
        self.delivered = delivered
    }

    mutating func advance(to time: Double) {
        guard let latest = delivered.latest(atOrBefore: time), latest.number - 1 > locationIndex else { return }
        locationIndex = latest.number - 1
        location = latest.sample
    }

    func fix(at time: Double, distanceMetres: Double, movingSeconds: Double) -> RecordedFix? {
        guard let location else { return nil }
        return RecordedFix(
            time: time, coordinate: location.coordinate, elevation: location.elevation,
            horizontalAccuracy: location.horizontalAccuracy, distanceMetres: distanceMetres, movingSeconds: movingSeconds)
    }
}
