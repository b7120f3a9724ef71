import MateRunDomain

extension GPXTrack {
    /// The file as a replayable scenario (see `GPXActivity`): no runner (the weight comes from
    /// the command line), no goal.
    func toDomain(fallbackName: String, options: GPXReplayOptions) throws(ScenarioError) -> Scenario {
        try GPXActivity.scenario(from: self, options: options, fallbackName: fallbackName)
    }
}
