import MateRunDomain
import Testing

@Suite("A mate's claims are held to the agreed clock and to a runner's speed")
struct MatePlausibilityTests {
    private func progress(_ elapsed: Double, metres: Double) -> MateProgress {
        MateProgress(seq: 1, elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres,
                     caloriesKilocalories: 0, paused: false)
    }

    @Test(arguments: [1.0, 5, 50, 1000])
    func anHonestFastRunnerIsNeverFlaggedAtAnySpeed(speed: Double) {
        // Given a race at `speed` and a mate running 6 m/s (2:47/km) whose countdown ended a wall
        // second before ours, its updates arriving 0 to 0.3 wall seconds late
        var judge = MatePlausibility(startedAt: 0, speed: speed, goalMetres: 42_195)
        // When it reports every second of its run time up to the marathon
        for second in stride(from: 0.0, through: 7032, by: 1) {
            let delay = second.truncatingRemainder(dividingBy: 4) * 0.1
            let now = second / speed + delay - 1
            #expect(judge.check(progress(second, metres: 6 * second), now: now) == nil)
        }
        // Then its finish at the goal is believed too
        let finish = MateFinish(reachedGoal: true, elapsedSeconds: 7033, distanceMetres: 42_195)
        #expect(judge.check(finish, now: 7033 / speed) == nil)
        #expect(judge.verdict == nil)
    }

    @Test func fortyTwoKilometresAfterOneSecondIsRefused() {
        // Given an unpaced race (no common clock): only the speed can be judged
        var judge = MatePlausibility(startedAt: 0, speed: nil, goalMetres: 42_195)
        // When the mate claims the marathon after one second
        let verdict = judge.check(progress(1, metres: 42_000), now: 5000)
        // Then the claim is refused, saying what it was
        #expect(verdict == "claimed 42.0 km in 1 s, faster than any runner")
        #expect(judge.verdict == verdict)
    }

    @Test func runTimeAheadOfTheAgreedClockIsRefused() {
        // Given a race at 10x, 10 wall seconds after the start (100 s of run time)
        var judge = MatePlausibility(startedAt: 100, speed: 10, goalMetres: 5000)
        // When the mate claims three minutes of run time
        let verdict = judge.check(progress(180, metres: 500), now: 110)
        // Then the claim is refused against the clock
        #expect(verdict == "claimed 180 s of run time when 100 s had passed")
    }

    @Test func aSprintBetweenTwoUpdatesIsRefusedEvenAfterAnHonestStart() {
        // Given a mate that ran an honest 10 minutes at 3 m/s
        var judge = MatePlausibility(startedAt: 0, speed: 1, goalMetres: 10_000)
        for second in stride(from: 0.0, through: 600, by: 1) {
            #expect(judge.check(progress(second, metres: 3 * second), now: second) == nil)
        }
        // When it then claims 1.5 km in the next 30 s (50 m/s), still under 12.5 m/s on average
        let verdict = judge.check(progress(630, metres: 3300), now: 630)
        // Then the stretch is refused
        #expect(verdict?.hasSuffix("faster than any runner") == true)
    }

    @Test func runTimeThatGoesBackIsRefused() {
        var judge = MatePlausibility(startedAt: 0, speed: nil, goalMetres: 5000)
        #expect(judge.check(progress(300, metres: 900), now: 300) == nil)
        #expect(judge.check(progress(120, metres: 950), now: 301) == "run time went back from 300 s to 120 s")
    }

    @Test func aFinishAtTheGoalShortOfTheGoalIsRefused() {
        var judge = MatePlausibility(startedAt: 0, speed: nil, goalMetres: 5000)
        let finish = MateFinish(reachedGoal: true, elapsedSeconds: 1500, distanceMetres: 4000)
        #expect(judge.check(finish, now: 1500) == "claimed the goal of 5.0 km after 4.0 km")
    }

    @Test func theFirstVerdictStandsWhateverFollows() {
        var judge = MatePlausibility(startedAt: 0, speed: nil, goalMetres: 5000)
        let first = judge.check(progress(1, metres: 5000), now: 1)
        #expect(first != nil)
        #expect(judge.check(progress(2000, metres: 5000), now: 2000) == nil, "reported once")
        #expect(judge.verdict == first)
    }
}

@Suite("A mate's claims are judged on its run's own clock and its declared sport")
struct MateSportPlausibilityTests {
    private func progress(_ elapsed: Double, metres: Double) -> MateProgress {
        MateProgress(seq: 1, elapsedSeconds: elapsed, movingSeconds: elapsed, distanceMetres: metres,
                     caloriesKilocalories: 0, paused: false)
    }

    @Test func aSteadyTwelveMetresASecondIsNoRunner() {
        // Given a race at real time, judged as running
        var judge = MatePlausibility(startedAt: 0, speed: 1, goalMetres: 5000)
        // When the mate reports a steady 12 m/s (5 km in 417 s; the record is 755 s)
        var verdict: String?
        for second in stride(from: 1.0, through: 417, by: 1) where verdict == nil {
            verdict = judge.check(progress(second, metres: 12 * second), now: second)
        }
        // Then it is refused long before the goal
        #expect(verdict?.hasSuffix("faster than any runner") == true)
    }

    @Test(arguments: [9.0, 12, 15])
    func anHonestCyclistIsNotARunner(metresPerSecond: Double) {
        // Given a mate declared as cycling, riding 9 to 15 m/s for an hour, at real time
        var judge = MatePlausibility(startedAt: 0, speed: 1, goalMetres: nil, sport: .cycling)
        // When it reports every second
        for second in stride(from: 1.0, through: 3600, by: 1) {
            #expect(judge.check(progress(second, metres: metresPerSecond * second), now: second) == nil)
        }
        // Then it is believed, finish included
        let finish = MateFinish(reachedGoal: false, elapsedSeconds: 3600.5, distanceMetres: metresPerSecond * 3600.5)
        #expect(judge.check(finish, now: 3601) == nil)
    }

    @Test func aFinishFromHeartbeatsAloneIsRefused() {
        // Given a mate that sent nothing but heartbeats for 1 300 s
        var judge = MatePlausibility(startedAt: 0, speed: 1, goalMetres: 5000)
        // When it claims the goal at 397 s... or at a believable 1 299 s
        let early = MateFinish(reachedGoal: true, elapsedSeconds: 397, distanceMetres: 5000)
        #expect(judge.check(early, now: 1300) == "finished with 5.0 km without any progress before")
        var unpaced = MatePlausibility(startedAt: 0, speed: nil, goalMetres: 5000)
        let late = MateFinish(reachedGoal: true, elapsedSeconds: 1299, distanceMetres: 5000)
        #expect(unpaced.check(late, now: 1300) == "finished with 5.0 km without any progress before")
    }

    @Test func aFinishLongAfterTheLatestProgressIsRefused() {
        // Given a mate seen at 1 km after 300 s at real time
        var judge = MatePlausibility(startedAt: 0, speed: 1, goalMetres: 5000)
        for second in stride(from: 1.0, through: 300, by: 1) {
            #expect(judge.check(progress(second, metres: 3.4 * second), now: second) == nil)
        }
        // When it then claims a finish at 1 200 s with only heartbeats between
        let finish = MateFinish(reachedGoal: true, elapsedSeconds: 1200, distanceMetres: 5000)
        // Then the finish is refused: it did not come from the progress that led to it
        #expect(judge.check(finish, now: 1200) == "finished at 1200 s when its last progress was at 300 s")
    }

    @Test func aFinishAheadOfTheClockIsRefused() {
        var judge = MatePlausibility(startedAt: 0, speed: 1, goalMetres: 1000)
        for second in stride(from: 1.0, through: 200, by: 1) {
            _ = judge.check(progress(second, metres: 4 * second), now: second)
        }
        let finish = MateFinish(reachedGoal: true, elapsedSeconds: 230, distanceMetres: 1000)
        #expect(judge.check(finish, now: 201) == "claimed 230 s of run time when 201 s had passed")
    }

    /// An honest run at 10 000× or unpaced: its distance lags its run time by up to a few
    /// hundred run seconds (the two sensors race; stalls are caught up at once), its updates
    /// arrive in bursts, and its finish may come well after its last progress.
    @Test(arguments: [0.5, 1, 10, 100, 10_000, nil] as [Double?])
    func anHonestRunnerWithStallsAndBurstsIsNeverFlagged(speed: Double?) {
        var judge = MatePlausibility(startedAt: 0, speed: speed, goalMetres: 5000)
        var generator = SeededNumbers(seed: 19)
        let longestLag: UInt64 = (speed ?? .infinity) >= 1000 ? 300 : 20
        var elapsed = 0.0, metres = 0.0
        while elapsed < 1282 {
            elapsed += 1
            let lag = Double(generator.next() % longestLag)
            metres = max(metres, 3.9 * max(0, elapsed - lag))
            let now = speed.map { elapsed / $0 } ?? elapsed / 1e6
            #expect(judge.check(progress(elapsed, metres: metres), now: now) == nil, "at \(elapsed) s")
        }
        let finish = MateFinish(reachedGoal: true, elapsedSeconds: 1282.4, distanceMetres: 5000)
        #expect(judge.check(finish, now: speed.map { 1283 / $0 } ?? 1) == nil)
    }
}

/// A small seeded generator, so that the irregular honest run is the same on every machine.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
