/// One sensor reading, location or motion, in the order a run consumes them.
enum SensorReading {
    case location(LocationSample)
    case motion(MotionSample)

    var time: Double {
        switch self {
        case .location(let sample): sample.time
        case .motion(let sample): sample.time
        }
    }
}

/// Merges the two sensor streams into one, in time order, so that a replay gives the same run
/// however its tasks are scheduled. At equal times the location comes first: a change of activity
/// applies to what follows it.
///
/// It waits for the next reading of both streams before choosing; the motion sensor reports about
/// once a second (see `MotionProvider`), so that wait is short.
struct SensorMerge {
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

    mutating func next() async -> SensorReading? {
        if nextLocation == nil, !locationsEnded {
            nextLocation = await locations.next()
            locationsEnded = nextLocation == nil
        }
        if nextMotion == nil, !motionsEnded {
            nextMotion = await motions.next()
            motionsEnded = nextMotion == nil
        }
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
