import MateRunDomain
import MateRunGPSD
import MateRunTestSupport
import Testing

@Suite struct GPSDRunSensorsTests {
    /// 2005-06-08T10:34:48Z.
    private static let t0 = 1_118_226_888.0

    private static func fix(at unixTime: Double, latitude: Double = 46.5) -> ReceiverFix {
        ReceiverFix(
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

    @Test func gpsdsSessionEndingEndsTheRunAndConnectionNewsIsTold() async throws {
        try await withTimeout(20) {
            // Given sensors telling the runner what gpsd's connection does
            let clock = ManualClock()
            let (events, feed) = AsyncStream.makeStream(of: GPSDEvent.self)
            let (news, heard) = AsyncStream.makeStream(of: String.self)
            let sensors = GPSDRunSensors(events: events, clock: clock, idleEnd: nil, tell: { heard.yield($0) })
            var locations = sensors.locationUpdates().makeAsyncIterator()
            // When the connection is lost, comes back, and the session ends
            feed.yield(.connectionLost(reason: "gpsd closed the connection"))
            feed.yield(.reconnected)
            feed.yield(.ended(reason: "gone"))
            feed.finish()
            // Then the runner is told each, and the fixes end
            var told: [String] = []
            for await notice in news {
                told.append(notice)
                if told.count == 3 { break }
            }
            #expect(told == ["lost gpsd (gpsd closed the connection); reconnecting", "gpsd is back", "gone"])
            #expect(await locations.next() == nil)
        }
    }

    @Test func aRunWithoutAFixIsToldWhyAfterTenSecondsThenEveryThirtyAndEndsAtTheIdleLimit() async throws {
        // (A bound against a hang, not a speed: 74 steps of the manual clock take 0.03 s alone,
        // and took over 20 s in CI's full suite, whose process tests keep the pool's two threads busy.)
        try await withTimeout(120) {
            // Given live sensors ending a run after 75 s without a fix, told that gpsd has no receiver
            let clock = ManualClock()
            let (events, feed) = AsyncStream.makeStream(of: GPSDEvent.self)
            let (news, heard) = AsyncStream.makeStream(of: String.self)
            let sensors = GPSDRunSensors(events: events, clock: clock, idleEnd: 75, tell: { heard.yield($0) })
            var motions = sensors.motionUpdates().makeAsyncIterator()
            feed.yield(.receivers([]))
            // When no fix ever comes, the run clock going on a second at a time
            var updates = 0
            for _ in 1...100 {
                // (once the tick waits for its second: it counts seconds from when it began)
                while clock.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(1)) }
                clock.advance(by: 1)
                guard await motions.next() != nil else { break }
                updates += 1
            }
            // Then the motion updates end at 75 s, and the runner was told why at 10, 40 and 70 s
            #expect(updates == 74)
            heard.finish()
            var told: [String] = []
            for await notice in news { told.append(notice) }
            #expect(told.count == 3)
            #expect(told.first?.hasPrefix("no fix from gpsd for 10 s: gpsd has no receiver (its DEVICES lists none)") == true, "\(told)")
            #expect(told.dropFirst().first?.hasPrefix("no fix from gpsd for 40 s") == true, "\(told)")
            feed.finish()
        }
    }
}
