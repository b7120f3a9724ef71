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
