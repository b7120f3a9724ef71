/// The five training zones of heart rate, as shares of the runner's maximum: the way watches
/// (Garmin, Polar, Apple) number them by default.
///
/// Zone 1 is below 60% of the maximum (recovery), zone 2 from 60% (easy), zone 3 from 70%
/// (aerobic), zone 4 from 80% (threshold), zone 5 from 90% (maximum).
package struct HeartRateZones: Sendable, Equatable {
    /// The maximum assumed when neither the scenario nor the command line gives one: a common
    /// adult figure; `220 - age` would need an age nobody gives.
    package static let defaultMaxBPM = 190.0

    package let maxBPM: Double

    package init(maxBPM: Double?) {
        self.maxBPM = maxBPM.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? Self.defaultMaxBPM
    }

    /// 1...5 for a reading; nil for a reading that is not a heart rate.
    package func zone(of bpm: Double) -> Int? {
        guard bpm.isFinite, bpm > 0 else { return nil }
        let share = bpm / maxBPM
        return share < 0.6 ? 1 : share < 0.7 ? 2 : share < 0.8 ? 3 : share < 0.9 ? 4 : 5
    }
}
