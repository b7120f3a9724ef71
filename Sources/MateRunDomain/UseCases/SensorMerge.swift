/// One sensor reading, location or motion, in the order a run consumes them.
enum SensorReading: Sendable {
    case location(LocationSample)
    case motion(MotionSample)
}

/// Merges the two sensor streams into the one sequence a run consumes.
///
/// Unpaced (a replay as fast as possible), it reads both streams strictly in time order, so a
/// replay gives the same run however its tasks are scheduled; at equal times the location comes
/// first, because a change of activity applies to what follows it. Paced, the streams are read as
/// they deliver: waiting for the next fix to order it against motion would freeze the run during
/// a loss of signal, and samples paced by one clock already arrive in time order.
struct SensorMerge {
    /// Exactly one of the two is set. Optionals rather than an enum, so that reading mutates the
    /// merge in place (`ordered?.next()`) instead of copying it out and back per sample.
    private var ordered: OrderedSensorMerge?
    private var arrival: ArrivalSensorMerge?

    init(locations: SensorFeed<LocationSample>, motions: SensorFeed<MotionSample>, paced: Bool) {
        if paced {
            arrival = ArrivalSensorMerge(locations: locations, motions: motions)
        } else {
            ordered = OrderedSensorMerge(locations: locations, motions: motions)
        }
    }

    /// The next reading when it can be had without waiting (an unpaced replay).
    mutating func nextWithoutWaiting() -> Immediate<SensorReading> {
        ordered?.nextWithoutWaiting() ?? .mustWait
    }

    mutating func next() async -> SensorReading? {
        if ordered != nil { return await ordered?.next() }
        return await arrival?.next()
    }
}

/// Reads the next sample of both streams before choosing the earlier one.
struct OrderedSensorMerge {
    private var locations: SensorFeed<LocationSample>.AsyncIterator
    private var motions: SensorFeed<MotionSample>.AsyncIterator
    private var nextLocation: LocationSample?
    private var nextMotion: MotionSample?
    private var locationsEnded = false
    private var motionsEnded = false

    init(locations: SensorFeed<LocationSample>, motions: SensorFeed<MotionSample>) {
        self.locations = locations.makeAsyncIterator()
        self.motions = motions.makeAsyncIterator()
    }

    mutating func nextWithoutWaiting() -> Immediate<SensorReading> {
        if nextLocation == nil, !locationsEnded {
            switch locations.nextWithoutWaiting() {
            case .sample(let sample): nextLocation = sample
            case .ended: locationsEnded = true
            case .mustWait: return .mustWait
            }
        }
        if nextMotion == nil, !motionsEnded {
            switch motions.nextWithoutWaiting() {
            case .sample(let sample): nextMotion = sample
            case .ended: motionsEnded = true
            case .mustWait: return .mustWait
            }
        }
        return earliest().map { .sample($0) } ?? .ended
    }

    mutating func next() async -> SensorReading? {
        if nextLocation == nil, !locationsEnded {
            nextLocation = await locations.next()
            locationsEnded = nextLocation == nil
        }
        if nextMotion == nil, !motionsEnded {
            nextMotion = await motions.next()
            motionsEnded = nextMotion == nil
        }
        return earliest()
    }

    /// Takes the earlier of the two heads (the location at equal times).
    private mutating func earliest() -> SensorReading? {
        switch (nextLocation, nextMotion) {
        case let (location?, motion?) where motion.time < location.time:
            nextMotion = nil
            return .motion(motion)
        case let (location?, _):
            nextLocation = nil
            return .location(location)
        case let (nil, motion?):
            nextMotion = nil
            return .motion(motion)
        case (nil, nil):
            return nil
        }
    }
}

/// Reads both streams at once, each in its own task, and hands readings on as they arrive.
/// Ending the consumer (or cancelling its task) cancels both readers.
struct ArrivalSensorMerge {
    private var readings: AsyncStream<SensorReading>.Iterator

    init(locations: SensorFeed<LocationSample>, motions: SensorFeed<MotionSample>) {
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

    mutating func next() async -> SensorReading? {
        await readings.next(isolation: #isolation)
    }
}
