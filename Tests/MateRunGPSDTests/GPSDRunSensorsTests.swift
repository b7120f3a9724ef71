import MateRunDomain
import MateRunGPSD
import MateRunTestSupport
import Testing

@Suite struct GPSDRunSensorsTests {
    /// 2005-06-08T10:34:48Z.
    private static let t0 = 1_118_226_888.0

    private static func fix(at unixTime: Double, latitude: Double = 46.5) -> GPSDFix {
        GPSDFix(
            unixTime: unixTime, coordinate: Coordinate(latitude: latitude, longitude: 6.5), altitude: 400,
            horizontalAccuracy: 4, speed: 3, course: 10)
    }

    @Test func aFixTakesGpsdsTimeCountedFromTheFirstFixsArrival() async throws {
        try await withTimeout(20) {
            // Given live sensors whose run clock reads 5 s when the first fix arrives
            let clock = ManualClock(now: 5)
            let (events, feed) = AsyncStream.makeStream(of: GPSDEvent.self)
            let sensors = GPSDRunSensors(events: events, clock: clock, idleEnd: nil)
            var locations = sensors.locationUpdates().makeAsyncIterator()
            // When gpsd reports three fixes at once, the last two seconds apart
            feed.yield(.fix(Self.fix(at: Self.t0)))
            feed.yield(.fix(Self.fix(at: Self.t0 + 1, latitude: 46.50001)))
            feed.yield(.fix(Self.fix(at: Self.t0 + 3, latitude: 46.50003)))
            var samples: [LocationSample] = []
            for _ in 0..<3 {
                if let sample = await locations.next() { samples.append(sample) }
            }
            // Then their run times are gpsd's, not their arrival's, and what gpsd said is kept
            #expect(samples.map(\.time) == [5, 6, 8])
            #expect(samples.first?.elevation == 400)
            #expect(samples.first?.horizontalAccuracy == 4)
            #expect(samples.first?.speed == 3)
            #expect(samples.first?.course == 10)
            feed.finish()
        }
    }

    @Test func gpsdsSessionEndingEndsTheRunAndConnectionNewsIsPassedOn() async throws {
        try await withTimeout(20) {
            // Given sensors told of gpsd's connection
            let clock = ManualClock()
            let (events, feed) = AsyncStream.makeStream(of: GPSDEvent.self)
            let (news, heard) = AsyncStream.makeStream(of: GPSDEvent.self)
            let sensors = GPSDRunSensors(events: events, clock: clock, idleEnd: nil, onConnection: { heard.yield($0) })
            var locations = sensors.locationUpdates().makeAsyncIterator()
            // When the connection is lost, comes back, and the session ends
            feed.yield(.connectionLost(reason: "gpsd closed the connection"))
            feed.yield(.reconnected)
            feed.yield(.ended(reason: "gone"))
            feed.finish()
            // Then the news is passed on and the fixes end
            var told: [GPSDEvent] = []
            for await event in news {
                told.append(event)
                if told.count == 3 { break }
            }
            #expect(told == [.connectionLost(reason: "gpsd closed the connection"), .reconnected, .ended(reason: "gone")])
            #expect(await locations.next() == nil)
        }
    }
}
