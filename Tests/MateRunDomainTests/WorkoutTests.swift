import MateRunDomain
import Testing

@Suite("A workout's steps: where the runner is, how much is left, what comes next")
struct WorkoutTests {
    let workout = Workout(steps: [
        Workout.Step(activity: .running, durationSeconds: 600),
        Workout.Step(activity: .running, durationSeconds: 200, distanceMetres: 800, repetition: .init(index: 1, count: 2)),
        Workout.Step(activity: .walking, durationSeconds: 120, repetition: .init(index: 1, count: 2)),
        Workout.Step(activity: .running, durationSeconds: 200, distanceMetres: 800, repetition: .init(index: 2, count: 2)),
        Workout.Step(activity: .walking, durationSeconds: 120, repetition: .init(index: 2, count: 2)),
    ])

    @Test func aTimedStepCountsDownItsSeconds() throws {
        let position = try #require(workout.position(at: 420))
        #expect(position.index == 1 && position.count == 5)
        #expect(position.remainingSeconds == 180)
        #expect(position.remainingMetres == nil)
        #expect(position.next?.distanceMetres == 800)
    }

    @Test func aStepSetByDistanceCountsDownItsMetresAndKnowsItsRound() throws {
        // Given 50 s into the second 800 m interval (at 4 m/s)
        let position = try #require(workout.position(at: 600 + 320 + 50))
        // Then it is step 4 of 5, round 2 of 2, 600 m left, a walk next
        #expect(position.index == 4)
        #expect(position.step.repetition == Workout.Repetition(index: 2, count: 2))
        #expect(position.remainingMetres == 600)
        #expect(position.next?.activity == .walking)
    }

    @Test func afterTheLastStepThereIsNoPosition() {
        #expect(workout.position(at: 1240) == nil)
        #expect(workout.position(at: 1239)?.index == 5)
    }
}
