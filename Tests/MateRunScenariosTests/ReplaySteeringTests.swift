import Foundation
import MateRunDomain
@testable import MateRunScenarios
import MateRunTestSupport
import Testing

@Suite("Steering a replay: the speed a command gives, signal losses, jumps, the control lines")
struct ReplaySteeringTests {
    static func sample(at time: Double, north metres: Double = 0) -> LocationSample {
        LocationSample(time: time, coordinate: Coordinate(latitude: 47 + metres / ReplaySteering.metresPerDegree, longitude: 8.5), speed: 3)
    }

    @Test func plusDoublesUpToTheFastestPacedSpeedAndMinusHalvesDownToOneX() throws {
        // Given a replay at 2x
        var steering = ReplaySteering(speed: 2)
        // When + is pressed 14 times, then - 20 times
        var up: [Double] = []
        for _ in 0..<14 {
            try steering.apply(.faster)
            up.append(steering.speed ?? 0)
        }
        var down: [Double] = []
        for _ in 0..<20 {
            try steering.apply(.slower)
            down.append(steering.speed ?? 0)
        }
        // Then it doubles to 10000x and stays there, then halves to 1x and stays there
        #expect(up.prefix(12) == [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192])
        #expect(up.suffix(2) == [10_000, 10_000])
        #expect(down.first == 5_000)
        #expect(down.suffix(5) == [1, 1, 1, 1, 1])
    }

    @Test func aReplayStartedSlowerThanOneXIsNotSlowedFurtherAndPlusBringsItToOneX() throws {
        var steering = ReplaySteering(speed: 0.25)
        try steering.apply(.slower)
        #expect(steering.speed == 0.25)
        try steering.apply(.faster)
        #expect(steering.speed == 1)
    }

    @Test func aSpeedOutOfRangeAndAnySpeedOfAnUnpacedReplayAreRefused() {
        var paced = ReplaySteering(speed: 1)
        #expect(throws: ReplaySteering.Refusal.speedOutOfRange(20_000)) { try paced.apply(.speed(20_000)) }
        #expect(throws: ReplaySteering.Refusal.speedOutOfRange(0.5)) { try paced.apply(.speed(0.5)) }
        #expect(paced.speed == 1)
        var unpaced = ReplaySteering(speed: nil)
        #expect(throws: ReplaySteering.Refusal.unpaced) { try unpaced.apply(.faster) }
    }

    @Test func whileTheSignalIsLostNoFixIsDeliveredAndTheyAreCounted() throws {
        // Given fixes a second apart, the signal lost after the second and found after the fifth
        var steering = ReplaySteering(speed: 1)
        var delivered: [Double] = []
        for second in 0..<8 {
            if second == 2 { try steering.apply(.toggleSignal) }
            if second == 5 { try steering.apply(.signalFound) }
            if let fix = steering.pass(Self.sample(at: Double(second))) { delivered.append(fix.time) }
        }
        // Then the three seconds in between are withheld
        #expect(delivered == [0, 1, 5, 6, 7])
        #expect(steering.withheld == 3)
    }

    @Test func aJumpMovesTheNextFixAloneThreeHundredMetresNorthWithoutItsSpeed() throws {
        // Given a jump asked before the third fix
        var steering = ReplaySteering(speed: 1)
        var fixes: [LocationSample] = []
        for second in 0..<5 {
            if second == 2 { try steering.apply(.jump(metres: ReplaySteering.keyJumpMetres)) }
            fixes += steering.pass(Self.sample(at: Double(second))).map { [$0] } ?? []
        }
        // Then only that fix is 300 m north of where it was, its speed and course unknown
        let moved = fixes.map { Geodesic.distance(from: Self.sample(at: 0).coordinate, to: $0.coordinate) }
        #expect(moved.enumerated().allSatisfy { $0.offset == 2 ? abs($0.element - 300) < 0.5 : $0.element < 0.01 })
        #expect(fixes[2].speed == nil)
        #expect(fixes[3].speed == 3)
    }

    @Test func aJumpOfNothingOrOfAnotherCountryIsRefused() {
        var steering = ReplaySteering(speed: 1)
        #expect(throws: ReplaySteering.Refusal.jumpOutOfRange(0)) { try steering.apply(.jump(metres: 0)) }
        #expect(throws: ReplaySteering.Refusal.jumpOutOfRange(200_000)) { try steering.apply(.jump(metres: 200_000)) }
        #expect(steering.pendingJumpMetres == nil)
    }

    // MARK: - The clock

    @Test func runTimeCarriesOnWithoutAJumpWhenTheSpeedChanges() {
        // Given a steerable clock at 2x on a manual base clock
        let base = ManualClock()
        let clock = SteerableRunClock(speed: 2, base: base)
        // When 10 s pass, the speed goes to 8x, and 10 s more pass
        base.advance(to: 10)
        #expect(clock.now() == 20)
        clock.change(to: 8)
        #expect(clock.now() == 20)
        base.advance(to: 20)
        // Then run time went 20 s, then 80 s more
        #expect(clock.now() == 100)
    }

    @Test func aSleepBegunAtOneXEndsAsSoonAsAFasterSpeedReachesItsDeadline() async throws {
        // Given a sleep until run second 40 begun at 1x (40 s of base time away)
        let base = ManualClock()
        let clock = SteerableRunClock(speed: 1, base: base)
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(until: 40)
            woke.set()
        }
        defer { sleeper.cancel() }
        try await waitUntil { base.sleeperCount == 1 }
        // When 10 s pass and the speed goes to 10x: run second 40 is 3 s of base time later
        base.advance(to: 10)
        clock.change(to: 10)
        for step in 1...80 {
            try await waitUntil { base.sleeperCount == 1 || woke.isSet }
            if woke.isSet { break }
            base.advance(to: 10 + Double(step) * SteerableRunClock.slice)
        }
        try await waitUntil { woke.isSet }
        // Then it woke at base second 13, not 40
        #expect(woke.isSet)
        #expect(abs(base.now() - 13) < SteerableRunClock.slice + 1e-9)
    }

    /// Polls `condition` for at most 5 s (the sleeper runs on another task).
    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
    }

    // MARK: - Control lines

    @Test func eachCommandOfTheProtocolReadsAsItsSteering() throws {
        let lines: [(String, SteeringCommand)] = [
            (#"{"command":"speed","value":8}"#, .speed(8)), (#"{"command":"speed","value":"faster"}"#, .faster),
            (#"{"command":"speed","value":"slower"}"#, .slower), (#"{"command":"pause"}"#, .pause),
            (#"{"command":"resume"}"#, .resume), (#"{"command":"signal_lost"}"#, .signalLost),
            (#"{"command":"signal_found"}"#, .signalFound), (#"{"command":"jump_m"}"#, .jump(metres: 300)),
            (#"{"command":"jump_m","value":120.5}"#, .jump(metres: 120.5)), (#"{"command":"stop"}"#, .stop),
        ]
        for (line, command) in lines {
            #expect(try ControlRequest.command(Array(line.utf8)).get() == command, "\(line)")
        }
    }

    @Test func linesThatAreNoCommandAreRefusedWithWhatWasExpected() {
        let refusals: [(String, String)] = [
            ("hello", "expected a JSON object with a \"command\""),
            (#"{"value":3}"#, "expected a \"command\": speed, pause, resume, signal_lost, signal_found, jump_m or stop"),
            (#"{"command":"fly"}"#, "unknown command \"fly\": expected speed, pause, resume, signal_lost, signal_found, jump_m or stop"),
            (#"{"command":"speed"}"#, "expected \"value\": a speed from 1 to 10000, \"faster\" or \"slower\""),
            (#"{"command":"speed","value":1e999}"#, "expected \"value\": a speed from 1 to 10000, \"faster\" or \"slower\""),
            (#"{"command":"jump_m","value":"far"}"#, "expected \"value\": metres to jump"),
        ]
        for (line, reason) in refusals {
            #expect(ControlRequest.command(Array(line.utf8)) == .failure(ControlRefusal(reason)), "\(line)")
        }
        // And random bytes are refused, never a crash
        var random = SplitMix(seed: 7)
        for _ in 0..<500 {
            let bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if case .success(let command) = ControlRequest.command(bytes) { Issue.record("random bytes read as \(command)") }
        }
    }
}
