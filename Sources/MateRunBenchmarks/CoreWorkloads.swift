import MateRunScenarios
import MateRunDomain
import MateRunPresentation

/// What a workload ends with, so that the optimizer cannot drop the work and so that the
/// workloads can be checked against each other (the same run must give the same distance).
struct Outcome: Equatable {
    var distanceMetres: Double
    var elapsedSeconds: Double
    /// Readings delivered, or events published: depends on the workload.
    var count: Int
    var shown: String
}

/// The workloads of the core benchmark. Each is a nonisolated async function, so it runs on its
/// caller's executor (the benchmark's main actor); the use case's events are computed there too,
/// with no hop per event, as in `materun replay`, whose run is a plain `Task`.
enum CoreWorkloads {
    /// Baseline, delivery: the recorded samples of both sensors walked in time order (locations
    /// first at equal times, as the use case's merge reads them), doing nothing else.
    static func delivery(_ run: GeneratedRun) async -> Outcome {
        let clock = UnpacedRunClock()
        let locations = RecordedSensor(samples: run.locations, clock: clock).samples
        let motions = RecordedSensor(samples: run.motions, clock: clock).samples
        var locationIndex = 0, motionIndex = 0
        var count = 0
        var lastTime = 0.0
        while true {
            if locationIndex < locations.count,
               motionIndex == motions.count || motions[motionIndex].time >= locations[locationIndex].time {
                lastTime = locations[locationIndex].time
                locationIndex += 1
            } else if motionIndex < motions.count {
                lastTime = motions[motionIndex].time
                motionIndex += 1
            } else {
                break
            }
            count += 1
        }
        return Outcome(distanceMetres: 0, elapsedSeconds: lastTime, count: count, shown: "")
    }

    /// Baseline, pure core: `RunSession` fed every reading in the same order, synchronously, with
    /// a snapshot taken once per second of run time (what the use case publishes).
    static func session(_ run: GeneratedRun) async -> Outcome {
        var session = RunSession(profile: run.profile, goalMetres: nil)
        var published = -1.0
        var snapshots = 0
        var paceSum = 0.0
        var readings = ReadingsInOrder(run)
        while let reading = readings.next() {
            switch reading {
            case .location(let sample): session.record(sample)
            case .motion(let sample): session.record(sample)
            }
            let second = session.elapsedSeconds.rounded(.down)
            if second > published {
                published = second
                paceSum += session.snapshot.currentPaceSecondsPerKilometre ?? 0
                snapshots += 1
            }
        }
        let summary = session.finish(.sensorsEnded, at: session.elapsedSeconds)
        return Outcome(distanceMetres: summary.snapshot.distanceMetres, elapsedSeconds: summary.snapshot.elapsedSeconds,
                       count: snapshots, shown: paceSum > 0 ? "" : "no pace")
    }

    /// Reference: `RunSession` and `RunningViewModel` together, synchronously: the same events the
    /// use case publishes (splits, pauses, progress once a second), without any stream.
    static func sessionAndViewModel(_ run: GeneratedRun) async -> Outcome {
        var session = RunSession(profile: run.profile, goalMetres: nil)
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: run.profile, goalMetres: nil))
        viewModel.send(.countdown(0))
        var published = -1.0
        var events = 0
        var readings = ReadingsInOrder(run)
        while let reading = readings.next() {
            let splitCount = session.splits.count
            let wasPaused = session.isPaused
            switch reading {
            case .location(let sample): session.record(sample)
            case .motion(let sample): session.record(sample)
            }
            for split in session.splits[splitCount...] {
                viewModel.send(.event(.split(split)))
                events += 1
            }
            if session.isPaused != wasPaused {
                viewModel.send(.event(session.isPaused ? .paused(session.snapshot, by: .auto) : .resumed(session.snapshot, by: .auto)))
                events += 1
            }
            let second = session.elapsedSeconds.rounded(.down)
            if second > published {
                published = second
                viewModel.send(.event(.progress(session.snapshot)))
                events += 1
            }
        }
        let summary = session.finish(.sensorsEnded, at: session.elapsedSeconds)
        let state = viewModel.send(.event(.finished(summary)))
        return Outcome(distanceMetres: summary.snapshot.distanceMetres, elapsedSeconds: summary.snapshot.elapsedSeconds,
                       count: events + 1, shown: state.distance)
    }

    /// The core: `DefaultRunningUseCase` over the scenario providers and `UnpacedRunClock` (what
    /// `--speed max` builds), every event taken with `forEach` as the flows take them and sent to
    /// `RunningViewModel`.
    static func core(_ run: GeneratedRun) async -> Outcome {
        let clock = UnpacedRunClock()
        let useCase = DefaultRunningUseCase(
            profile: run.profile, goalMetres: nil,
            locationProvider: RecordedSensor(samples: run.locations, clock: clock),
            motionProvider: RecordedSensor(samples: run.motions, clock: clock),
            clock: clock)
        return await consume(useCase, profile: run.profile)
    }


    /// Drains a use case into a view model, as the app's flow coordinator does.
    static func consume(_ useCase: some RunningUseCase, profile: RunnerProfile) async -> Outcome {
        var viewModel = RunningViewModel()
        viewModel.send(.started(profile: profile, goalMetres: nil))
        viewModel.send(.countdown(0))
        var events = 0
        var final: RunSummary?
        await useCase.events().forEach { event in
            viewModel.take(.event(event))
            events += 1
            if case .finished(let summary) = event { final = summary }
        }
        return Outcome(distanceMetres: final?.snapshot.distanceMetres ?? .nan,
                       elapsedSeconds: final?.snapshot.elapsedSeconds ?? .nan,
                       count: events, shown: viewModel.state.distance)
    }

    private enum Reading {
        case location(LocationSample)
        case motion(MotionSample)
    }

    /// Every reading in time order, locations first at equal times (the use case's unpaced
    /// order). An iterator, not a closure: a closure that captured the session made the optimizer
    /// copy the whole session for every reading, which the use case does not do.
    private struct ReadingsInOrder {
        private let locations: [LocationSample]
        private let motions: [MotionSample]
        private var l = 0, m = 0

        init(_ run: GeneratedRun) {
            locations = run.locations
            motions = run.motions
        }

        mutating func next() -> Reading? {
            if l < locations.count, m == motions.count || motions[m].time >= locations[l].time {
                l += 1
                return .location(locations[l - 1])
            }
            guard m < motions.count else { return nil }
            m += 1
            return .motion(motions[m - 1])
        }
    }
}
