import MateRunGroup
import Synchronization

/// Everything one scrape of `materun serve --metrics` reads, gathered in one place: the
/// instance's health, its observations, its start, and the service once it runs (nil before).
final class ServiceReading: Sendable {
    let health = ServiceHealth()
    let observations = GroupServiceObservations()
    private let processStart: Double
    private let service = Mutex<GroupService?>(nil)

    /// `processStart`: Unix seconds.
    init(processStart: Double) {
        self.processStart = processStart
    }

    func serving(_ service: GroupService) {
        self.service.withLock { $0 = service }
    }

    var reading: ServiceMetrics.Reading {
        var reading = ServiceMetrics.Reading(observations: observations.snapshot, health: health.current, processStart: processStart)
        if let gauges = service.withLock({ $0 })?.gauges {
            reading.groupsHeld = gauges.groups
            reading.runners = gauges.runners
            reading.groupsTakenOver = gauges.takenOver
            reading.groupsCreated = gauges.created
            reading.createsRefused = gauges.createsRefused
        }
        return reading
    }
}
