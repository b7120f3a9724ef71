/// Who is running: the name shown to a mate and the weight that calories depend on.
package struct RunnerProfile: Sendable, Equatable {
    package var name: String
    package var weightKilograms: Double
    /// The top of the runner's heart-rate range, for training zones; nil when not known.
    package var maxHeartRateBPM: Double?

    package init(name: String, weightKilograms: Double, maxHeartRateBPM: Double? = nil) {
        self.name = name
        self.weightKilograms = weightKilograms
        self.maxHeartRateBPM = maxHeartRateBPM
    }
}
