import MateRunDomain

/// One stretch of a scripted run at a steady speed and activity.
struct ScriptedSegment: Equatable {
    var activity: Activity
    /// Metres per second; 0 when still.
    var speed: Double
    var durationSeconds: Double
    /// The heart rate this segment settles at, when the scenario names one.
    var heartRateBPM: Double?
    /// Whether the scenario set the segment by distance (`distance_km`) rather than by time.
    var isSetByDistance = false
    /// The round of a `repeat` group this segment belongs to (the innermost group).
    var repetition: Workout.Repetition?

    var distanceMetres: Double { speed * durationSeconds }
}

/// How the simulated receiver reports a scripted run: how often, how wrong, and when not at all.
struct GPSSettings: Equatable {
    /// When outlier fixes (jumps) replace a true fix.
    enum OutlierSchedule: Equatable {
        /// One outlier every so many seconds.
        case every(seconds: Double)
        /// This many outliers spread evenly over the run.
        case count(Int)
    }

    struct Outliers: Equatable {
        var schedule: OutlierSchedule
        var distanceMetres: Double
    }

    var intervalSeconds = 1.0
    /// Standard deviation of the position error on each axis (east, north), in metres.
    var noiseMetres = 0.0
    /// How long the position error takes to decorrelate, in seconds (a first-order Gauss-Markov
    /// process, as real receiver error is); 0 for independent errors on every fix.
    var noiseCorrelationSeconds = 0.0
    /// The horizontal accuracy every fix reports; nil for the default (see `reportedAccuracy`).
    var accuracyMetres: Double?
    /// Standard deviation of the elevation error, in metres.
    var elevationNoiseMetres = 0.0
    var seed: UInt64 = 1
    /// Time windows (seconds, inclusive) without any fix.
    var signalLoss: [ClosedRange<Double>] = []
    var outliers: Outliers?

    /// What fixes report as their accuracy: the given value, or a 68% radius for the noise
    /// (1.5 σ for a 2-D Gaussian), at least 3 m.
    var reportedAccuracy: Double {
        accuracyMetres ?? max(3, 1.5 * noiseMetres)
    }
}

/// Everything a scripted scenario says about the run it simulates.
struct ScriptPlan {
    var route: RoutePath
    var segments: [ScriptedSegment]
    var gps: GPSSettings
    /// The runner's simulated heart rate; nil when the scenario has no heart-rate sensor.
    var heartRate: HeartRateModel?

    var totalDistanceMetres: Double { segments.reduce(0) { $0 + $1.distanceMetres } }

    /// The segments as the workout the runner follows, each with its pace and what it is for.
    var workout: Workout {
        let intents = Self.intents(of: segments)
        return Workout(steps: zip(segments, intents).map { segment, intent in
            Workout.Step(
                activity: segment.activity, durationSeconds: segment.durationSeconds,
                distanceMetres: segment.isSetByDistance ? segment.distanceMetres : nil, repetition: segment.repetition,
                intent: intent, targetPaceSecondsPerKilometre: segment.speed > 0 ? 1000 / segment.speed : nil)
        })
    }

    /// What each segment is for. In a stretch of repeated segments, the fastest are the work and
    /// the others the recovery; before the first such stretch is the warm-up, after the last the
    /// cool-down; a plan without repeats is steady throughout.
    static func intents(of segments: [ScriptedSegment]) -> [Workout.Intent] {
        guard let firstRepeated = segments.firstIndex(where: { $0.repetition != nil }),
              let lastRepeated = segments.lastIndex(where: { $0.repetition != nil })
        else { return segments.map { _ in .steady } }
        var intents: [Workout.Intent] = []
        var index = 0
        while index < segments.count {
            guard segments[index].repetition != nil else {
                intents.append(index < firstRepeated ? .warmUp : index > lastRepeated ? .coolDown : .steady)
                index += 1
                continue
            }
            let end = segments[index...].firstIndex { $0.repetition == nil } ?? segments.count
            let fastest = segments[index..<end].map(\.speed).max() ?? 0
            intents += segments[index..<end].map { $0.speed >= fastest ? .work : .recovery }
            index = end
        }
        return intents
    }
    var totalDurationSeconds: Double { segments.reduce(0) { $0 + $1.durationSeconds } }
}
