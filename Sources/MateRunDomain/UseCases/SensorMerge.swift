/// One sensor reading, location or motion, in the order a run consumes them.
enum SensorReading: Sendable {
    case location(LocationSample)
    case motion(MotionSample)
}

/// Merges the two sensor streams into the one sequence a run consumes.
///
/// Unpaced (a replay as fast as possible), it reads both sensors strictly in time order, so a
/// replay gives the same run however its tasks are scheduled; at equal times the location comes
/// first, because a change of activity applies to what follows it. When both sensors know their
/// samples ahead (`knownLocations`, `knownMotions`: a replay), that order is read straight from
/// them, with no suspension at all.
/// Paced, samples known ahead are merged in that same order and each is handed over when the
/// clock reaches its time, so that a paced replay is the very run a replay at full speed is (two
/// streams paced apart would hand over a fix and a motion update of the same second in either
/// order). Live streams are read as they deliver: waiting for the next fix to order it against
/// motion would freeze the run during a loss of signal.
struct SensorMerge {
    /// Exactly one of the four is set. Optionals rather than an enum, so that reading mutates
    /// the merge in place (`recorded?.next()`) instead of copying it out and back per sample.
    private var recorded: KnownSamplesMerge?
    private var pacedRecorded: PacedKnownSamplesMerge?
    private var ordered: OrderedSensorMerge?
    private var arrival: ArrivalSensorMerge?

    init(locations: any LocationProvider, motions: any MotionProvider, clock: any RunClock) {
        let known = locations.knownLocations.flatMap { locations in
            motions.knownMotions.map { KnownSamplesMerge(locations: locations, motions: $0) }
        }
        if let known, clock.isPaced {
            pacedRecorded = PacedKnownSamplesMerge(samples: known, clock: clock)
        } else if clock.isPaced {
            arrival = ArrivalSensorMerge(locations: locations.locationUpdates(), motions: motions.motionUpdates())
        } else if let known {
            recorded = known
        } else {
            ordered = OrderedSensorMerge(locations: locations.locationUpdates(), motions: motions.motionUpdates())
        }
    }

    /// The next reading when it can be had without waiting (samples known ahead, unpaced).
    mutating func nextWithoutWaiting() -> Immediate<SensorReading> {
        recorded?.next() ?? .mustWait
    }

    mutating func next() async -> SensorReading? {
        if recorded != nil {
            guard case .element(let reading)? = recorded?.next() else { return nil }
            return reading
        }
        if pacedRecorded != nil { return await pacedRecorded?.next() }
        if ordered != nil { return await ordered?.next() }
        return await arrival?.next()
    }
}

/// Takes the earlier of two heads (the location at equal times), the rule both ordered merges
/// follow.
private func earlier(_ location: LocationSample?, _ motion: MotionSample?) -> SensorReading? {
    switch (location, motion) {
    case let (location?, motion?) where motion.time < location.time: .motion(motion)
    case let (location?, _): .location(location)
    case let (nil, motion?): .motion(motion)
    case (nil, nil): nil
    }
}

/// Walks two arrays of samples known ahead in time order. Cancellation is checked every 1,024 readings.
struct KnownSamplesMerge {
    private let locations: [LocationSample]
    private let motions: [MotionSample]
    private var locationIndex = 0
    private var motionIndex = 0
    private var taken = 0
    private var ended = false

    init(locations: [LocationSample], motions: [MotionSample]) {
        self.locations = locations
        self.motions = motions
    }

    mutating func next() -> Immediate<SensorReading> {
        taken &+= 1
        if ended || (taken & 1023 == 0 && Task.isCancelled) {
            ended = true
            return .ended
        }
        let location = locationIndex < locations.count ? locations[locationIndex] : nil
        let motion = motionIndex < motions.count ? motions[motionIndex] : nil
        switch earlier(location, motion) {
        case .location(let sample)?:
            locationIndex += 1
            return .element(.location(sample))
        case .motion(let sample)?:
            motionIndex += 1
            return .element(.motion(sample))
        case nil:
            ended = true
            return .ended
        }
    }
}

/// Samples known ahead, in `KnownSamplesMerge`'s order, each handed over once the clock reaches
/// its time; nil once they run out or the waiting task is cancelled.
struct PacedKnownSamplesMerge {
    private var samples: KnownSamplesMerge
    private let clock: any RunClock

    init(samples: KnownSamplesMerge, clock: any RunClock) {
        self.samples = samples
        self.clock = clock
    }

    mutating func next() async -> SensorReading? {
        guard case .element(let reading) = samples.next() else { return nil }
        let time = switch reading {
        case .location(let sample): sample.time
        case .motion(let sample): sample.time
        }
        do {
            try await clock.sleep(until: time)
        } catch {
            return nil
        }
        return reading
    }
}

/// Reads the next sample of both streams before choosing the earlier one.
///
/// A class, as `ArrivalSensorMerge` is: an `AsyncStream` iterator's size is known only at run
/// time (the concurrency library is built to change it), and held inline it would make every
/// field of `SensorMerge`, and of the run's steps that hold it, be found through the type's
/// metadata, at every event of every run.
final class OrderedSensorMerge {
    private var locations: AsyncStream<LocationSample>.Iterator
    private var motions: AsyncStream<MotionSample>.Iterator
    private var nextLocation: LocationSample?
    private var nextMotion: MotionSample?
    private var locationsEnded = false
    private var motionsEnded = false

    init(locations: AsyncStream<LocationSample>, motions: AsyncStream<MotionSample>) {
        self.locations = locations.makeAsyncIterator()
        self.motions = motions.makeAsyncIterator()
    }

    func next() async -> SensorReading? {
        if nextLocation == nil, !locationsEnded {
            nextLocation = await locations.next(isolation: #isolation)
            locationsEnded = nextLocation == nil
        }
        if nextMotion == nil, !motionsEnded {
            nextMotion = await motions.next(isolation: #isolation)
            motionsEnded = nextMotion == nil
        }
        let reading = earlier(nextLocation, nextMotion)
        switch reading {
        case .location?: nextLocation = nil
        case .motion?: nextMotion = nil
        case nil: break
        }
        return reading
    }
}

/// Reads both streams at once, each in its own task, and hands readings on as they arrive.
/// Ending the consumer (or cancelling its task) cancels both readers. A class, for the reason
/// `OrderedSensorMerge` gives.
final class ArrivalSensorMerge {
    private var readings: AsyncStream<SensorReading>.Iterator

    init(locations: AsyncStream<LocationSample>, motions: AsyncStream<MotionSample>) {
        let (stream, continuation) = AsyncStream.makeStream(of: SensorReading.self)
        let readers = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await sample in locations { continuation.yield(.location(sample)) }
                }
                group.addTask {
                    for await sample in motions { continuation.yield(.motion(sample)) }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in readers.cancel() }
        readings = stream.makeAsyncIterator()
    }

    func next() async -> SensorReading? {
        await readings.next(isolation: #isolation)
    }
}
