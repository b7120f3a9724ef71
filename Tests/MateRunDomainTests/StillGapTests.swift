import MateRunDomain
import Testing

@Suite("A long silence of the receiver that ends where it began is a stop, not moving time")
struct StillGapTests {
    /// `seconds` fixes a second apart at `speed` m/s north from `north` metres, from `start`.
    static func run(_ session: inout RunSession, from north: Double, start: Double, seconds: Int, speed: Double = 3) {
        for second in 0..<seconds {
            let time = start + Double(second)
            session.record(MotionSample(time: time, activity: .running))
            session.record(LocationSample(
                time: time, coordinate: Coordinate(latitude: 47 + (north + speed * Double(second)) / 111_180, longitude: 8)))
        }
    }

    static func session() -> RunSession {
        RunSession(profile: RunnerProfile(name: "Ana", weightKilograms: 60), goalMetres: nil)
    }

    @Test func aSilenceOfHalfAnHourTenMetresOnIsAPause() {
        // Given 100 s of running, a silence of 1,927 s (the motion sensor still saying running),
        // and a first fix after it 10 m on, then 100 s more
        var session = Self.session()
        Self.run(&session, from: 0, start: 0, seconds: 100)
        for second in 100..<2027 { session.record(MotionSample(time: Double(second), activity: .running)) }
        Self.run(&session, from: 297 + 10, start: 2027, seconds: 100)
        // When the run ends
        let summary = session.finish(.sensorsEnded, at: 2126)
        // Then the silence is not moving time, and the distance is the runs' and the 10 m
        #expect(abs(summary.snapshot.movingSeconds - 200) <= 3, "moving \(summary.snapshot.movingSeconds) s")
        #expect(abs(summary.snapshot.distanceMetres - 604) <= 8, "\(summary.snapshot.distanceMetres) m")
    }

    @Test func aSilenceThatEndsFarOnIsNotAPause() {
        // Given 100 s of running, 90 s without fixes in which the runner covered 270 m, and more running
        var session = Self.session()
        Self.run(&session, from: 0, start: 0, seconds: 100)
        for second in 100..<190 { session.record(MotionSample(time: Double(second), activity: .running)) }
        Self.run(&session, from: 297 + 270, start: 190, seconds: 100)
        // When the run ends
        let summary = session.finish(.sensorsEnded, at: 289)
        // Then the silence was running: all of it is moving time
        #expect(abs(summary.snapshot.movingSeconds - 289) <= 3, "moving \(summary.snapshot.movingSeconds) s")
    }

    @Test func aSparseLoggersTwentySecondsAreNotASilence() {
        // Given a logger writing a fix every 20 s while its runner stands 30 s at a light
        var session = Self.session()
        for fix in 0..<30 {
            let time = Double(fix) * 20
            session.record(MotionSample(time: time, activity: .running))
            session.record(LocationSample(time: time, coordinate: Coordinate(latitude: 47 + Double(fix) * 60 / 111_180, longitude: 8)))
        }
        let summary = session.finish(.sensorsEnded, at: 580)
        // Then nothing is taken for a stop: every 20 s between fixes moved 60 m
        #expect(summary.snapshot.movingSeconds >= 560, "moving \(summary.snapshot.movingSeconds) s")
    }
}
