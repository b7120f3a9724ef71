import MateRunDomain

extension GPXTrack {
    /// The track as a replayable scenario: motion inferred from speed at 1 Hz, no runner (the
    /// weight comes from the command line), no goal.
    func toDomain(fallbackName: String) -> Scenario {
        let duration = points.last?.time ?? 0
        return Scenario(
            name: name.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackName,
            summary: "GPX track, \(points.count) points over \(ClockText.text(duration))",
            runner: nil, goalMetres: nil, locations: points, motions: MotionTimeline.inferred(from: points),
            durationSeconds: duration, routeMetres: nil, source: .gpx)
    }
}
