/// Who is running: the name shown to a mate and the weight that calories depend on.
public struct RunnerProfile: Sendable, Equatable {
    public var name: String
    public var weightKilograms: Double

    public init(name: String, weightKilograms: Double) {
        self.name = name
        self.weightKilograms = weightKilograms
    }
}
