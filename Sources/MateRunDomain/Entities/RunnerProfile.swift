/// Who is running: the name shown to a mate and the weight that calories depend on.
package struct RunnerProfile: Sendable, Equatable {
    package var name: String
    package var weightKilograms: Double

    package init(name: String, weightKilograms: Double) {
        self.name = name
        self.weightKilograms = weightKilograms
    }
}
