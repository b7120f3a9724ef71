@testable import MateRunApp
import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunTestSupport
import Synchronization
import Testing

/// A use case whose events come from a stream made by the test.
private struct WaitedRun: RunningUseCase {
    let stream: RunEventStream
    func events() -> RunEventStream { stream }
}

@Suite("Run flow keeps the run through the record port")
struct RunKeeperTests {
    let runner = RunnerProfile(name: "Ada", weightKilograms: 60)

    private func keeper(_ store: MemoryRecordStore, durability: RunDurability = .live) -> RunKeeper {
        store.keeper(durability: durability)
    }

    @Test(arguments: [RunDurability.live, .replay])
    func theRunIsBegunAsSurelyAsTheKeeperWasToldToKeepIt(durability: RunDurability) {
        // Given a keeper told how surely to keep its run (a replay, or a run that happens once)
        let store = MemoryRecordStore()
        let keeper = keeper(store, durability: durability)
        // When the run begins
        keeper.begin()
        // Then the store is asked to keep it that way
        #expect(store.kept.withLock { $0.durabilities } == [durability])
    }

    @Test func eachKeptFixTheSplitsLapsAndTheEndingAreKept() async throws {
        // Given a run that keeps two fixes, a second of progress without a new one (a loss of
        // signal), a split, a lap, and a goal crossed after the last fix
        let store = MemoryRecordStore()
        let flow = SoloTestRun(profile: runner, clock: ManualClock(), countdownSeconds: 0, keeper: keeper(store))
        let split = Split(index: 1, distanceMetres: 5, movingSeconds: 2, endElapsedSeconds: 2, elevationGainMetres: 0)
        let lap = Split(index: 1, distanceMetres: 7, movingSeconds: 3.5, endElapsedSeconds: 3.5, elevationGainMetres: 0)
        let end = RunSummary(
            snapshot: RunSnapshot(elapsedSeconds: 3.5, movingSeconds: 3.5, distanceMetres: 7), splits: [split], ending: .goalReached,
            laps: [lap])
        // When the flow runs it, each kept fix with the strap's and the pedometer's figures
        _ = await flow.run {
            ScriptedRun(script: [
                keptFix(1, metres: 2.5, fix: 1), keptFix(2, metres: 5, fix: 2), .progress(RunSnapshot(elapsedSeconds: 3, distanceMetres: 5)),
                .split(split), .lap(lap), .finished(end),
            ])
        }
        // Then the header, each new fix at its time with what the run had then, the end as the
        // last fix, the split, the lap and the ending are kept
        let kept = store.kept.withLock { $0 }
        #expect(kept.headers.map(\.startedAt) == [1_795_420_800])
        #expect(kept.fixes.map(\.time) == [1, 2, 3.5])
        #expect(kept.fixes.map(\.distanceMetres) == [2.5, 5, 7])
        #expect(kept.fixes.allSatisfy { $0.cadence == 170 && $0.heartRate == 150 && $0.elevation == 410 && $0.activity == .running })
        #expect(kept.splits == [split])
        #expect(kept.laps == [lap])
        #expect(kept.outcome?.ending == .goalReached)
        #expect(kept.outcome?.figures.distanceMetres == 7)
    }

    @Test func aBlockOfKeptFixesReachesTheRecordingInOneCall() {
        // Given a keeper whose run has begun
        let store = MemoryRecordStore()
        let keeper = keeper(store)
        keeper.begin()
        // When the run hands over a block of three kept fixes, then one more
        keeper.record(.kept((1...3).flatMap { keptFixes(Double($0), metres: Double($0) * 3, fix: $0) }))
        keeper.record(keptFix(4, metres: 12, fix: 4))
        // Then each block reached the recording in one call, in order
        #expect(store.kept.withLock { $0.handedOver } == [3, 1])
        #expect(store.kept.withLock { $0.fixes.map(\.time) } == [1, 2, 3, 4])
    }

    @Test func theRunFlowHandsEveryFixOverBeforeItsRunWaitsForTheNext() async {
        // Given a run whose every event must be waited for (a live run, a replay at its own
        // pace), which notes how many fixes the store held when the next event was asked for
        let store = MemoryRecordStore()
        let flow = SoloTestRun(profile: runner, clock: ManualClock(), countdownSeconds: 0, keeper: keeper(store))
        let heldWhenAsked = Mutex<[Int]>([])
        let produced = Mutex(0)
        let events: [RunEvent] = (1...5).map { keptFix(Double($0), metres: Double($0) * 3, fix: $0) }
            + [.finished(RunSummary(snapshot: RunSnapshot(elapsedSeconds: 5, movingSeconds: 5, distanceMetres: 15), splits: [], ending: .stopped))]
        // When the flow runs it
        _ = await flow.run {
            WaitedRun(stream: RunEventStream(unfolding: {
                heldWhenAsked.withLock { $0.append(store.kept.withLock { $0.fixes.count }) }
                return produced.withLock { count in
                    defer { count += 1 }
                    return count < events.count ? events[count] : nil
                }
            }))
        }
        // Then each fix was in the store before the run asked for the next event
        #expect(heldWhenAsked.withLock { $0 } == [0, 1, 2, 3, 4, 5, 5])
        #expect(store.kept.withLock { $0.fixes.map(\.time) } == [1, 2, 3, 4, 5])
    }

    @Test func aFixRecordedOutsideABurstReachesTheRecordingAtOnce() {
        // Given a keeper whose run has begun
        let store = MemoryRecordStore()
        let keeper = keeper(store)
        keeper.begin()
        // When a progress is recorded (a flow that does not hand over bursts)
        keeper.record(keptFix(1, metres: 3, fix: 1))
        // Then its fix is in the recording already
        #expect(store.kept.withLock { $0.fixes.map(\.time) } == [1])
    }

    @Test func splitsLapsTheMateAndTheEndingFollowTheFixesHeldBeforeThem() {
        // Given a keeper holding fixes of a burst
        let store = MemoryRecordStore()
        let keeper = keeper(store)
        keeper.begin()
        let split = Split(index: 1, distanceMetres: 5, movingSeconds: 2, endElapsedSeconds: 2, elevationGainMetres: 0)
        let lap = Split(index: 1, distanceMetres: 6, movingSeconds: 3, endElapsedSeconds: 3, elevationGainMetres: 0)
        // When a split, a lap, the mate's progress and the finish come between held fixes
        keeper.record(keptFix(1, metres: 3, fix: 1))
        keeper.record(keptFix(2, metres: 5, fix: 2))
        keeper.record(.split(split))
        keeper.record(keptFix(3, metres: 6, fix: 3))
        keeper.record(.lap(lap))
        keeper.record(keptFix(4, metres: 8, fix: 4))
        keeper.record(mate: MateView(
            name: "Bo", mode: .race, goalMetres: 5000, distanceMetres: 7, elapsedSeconds: 4, phase: .running,
            connection: .connected, lastSeenSecondsAgo: nil, leadMetres: 1, combinedMetres: 15))
        keeper.record(keptFix(5, metres: 10, fix: 5))
        keeper.finish(RunSummary(snapshot: RunSnapshot(elapsedSeconds: 5, movingSeconds: 5, distanceMetres: 10), splits: [split], ending: .stopped))
        // Then the journal has everything in the order it happened
        #expect(store.kept.withLock { $0.order } == [
            "fix 1.0", "fix 2.0", "split 1", "fix 3.0", "lap 1", "fix 4.0", "mate 4.0", "fix 5.0", "finish",
        ])
    }

    /// A fix the run keeps, with the strap's and the pedometer's figures, as the run hands it over.
    private func keptFix(_ second: Double, metres: Double, fix number: Int) -> RunEvent {
        .kept(keptFixes(second, metres: metres, fix: number))
    }

    private func keptFixes(_ second: Double, metres: Double, fix number: Int) -> [KeptFix] {
        let sample = LocationSample(
            time: Double(number), coordinate: Coordinate(latitude: 47 + Double(number) * 1e-5, longitude: 8), elevation: 410)
        let fix = RecordedFix(
            time: sample.time, coordinate: sample.coordinate, elevation: sample.elevation, heartRate: 150, cadence: 170,
            activity: .running, distanceMetres: metres, movingSeconds: second)
        return [KeptFix(fix, elapsedSeconds: second, caloriesKilocalories: 0, elevationGainMetres: 0)]
    }

    @Test func aRunStoppedBeforeItsStartIsNotKept() async {
        // Given a flow waiting in its countdown
        let store = MemoryRecordStore()
        let clock = ManualClock()
        let flow = SoloTestRun(profile: runner, clock: clock, countdownSeconds: 3, keeper: keeper(store))
        let run = Task { [flow] in await flow.run { ScriptedRun(script: []) } }
        for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
        // When it is cancelled, Then nothing was begun
        run.cancel()
        _ = await run.value
        #expect(store.kept.withLock { $0.headers.isEmpty })
    }
}
