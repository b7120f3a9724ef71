/// What kind of activity a track records, as far as tracking cares: how fast a real mover can go.
///
/// A fix implying a faster move than the sport allows is an outlier; one fixed cap for all would
/// throw away a cyclist's every fast stretch (a downhill at 60 km/h) or let a runner's GPS jump
/// through.
package enum Sport: String, Sendable, Equatable, CaseIterable {
    case running
    case walking
    case cycling

    /// Metres per second no one doing this sport reaches: a sprinter's top speed is about
    /// 12 m/s; a cyclist on a descent reaches 25-30 m/s.
    package var fastestPlausibleSpeed: Double {
        switch self {
        case .running, .walking: 12
        case .cycling: 35
        }
    }
}

extension TrackingSettings {
    /// The standard settings with the outlier speed of `sport`.
    package static func standard(for sport: Sport) -> TrackingSettings {
        var settings = TrackingSettings.standard
        settings.fastestPlausibleSpeed = sport.fastestPlausibleSpeed
        return settings
    }
}
