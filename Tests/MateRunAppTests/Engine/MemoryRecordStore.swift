@testable import MateRunApp
import MateRunDomain
import Synchronization
import Testing

/// A record store in memory: what the flow kept, seen through the Domain port alone.
final class MemoryRecordStore: RunRecordStore, RunRecording, @unchecked Sendable {
    struct Kept {
        var headers: [RunRecordHeader] = []
        var durabilities: [RunDurability] = []
        var fixes: [RecordedFix] = []
        /// How many fixes each call to `record` brought.
        var handedOver: [Int] = []
        /// Fixes, splits, laps and the ending, in the order they were recorded.
        var order: [String] = []
        var splits: [Split] = []
        var laps: [Split] = []
        var outcome: RunRecordOutcome?
    }

    let kept = Mutex(Kept())
    let id = RunRecordID("memory")

    func begin(_ header: RunRecordHeader, durability: RunDurability) throws -> any RunRecording {
        kept.withLock {
            $0.headers.append(header)
            $0.durabilities.append(durability)
        }
        return self
    }

    func recoverInterrupted() -> RunRecordListing { RunRecordListing() }
    func list() -> RunRecordListing { RunRecordListing() }
    func load(_ id: RunRecordID) throws -> RunRecord { throw RecordsTestError.notKept }
    func delete(_ id: RunRecordID) throws { throw RecordsTestError.notKept }

    func record(_ fixes: [KeptFix]) throws {
        kept.withLock {
            $0.fixes += fixes.map(\.fix)
            $0.handedOver.append(fixes.count)
            $0.order += fixes.map { "fix \($0.fix.time)" }
        }
    }

    func record(split: Split) throws {
        kept.withLock {
            $0.splits.append(split)
            $0.order.append("split \(split.index)")
        }
    }

    func record(lap: Split) throws {
        kept.withLock {
            $0.laps.append(lap)
            $0.order.append("lap \(lap.index)")
        }
    }

    func record(mate: MateProgressPoint) throws {
        kept.withLock { $0.order.append("mate \(mate.elapsedSeconds)") }
    }

    func finish(_ outcome: RunRecordOutcome, startedAt: Double?) throws -> RunRecordSummary {
        kept.withLock {
            $0.outcome = outcome
            $0.order.append("finish")
        }
        return RunRecordSummary(id: id, header: kept.withLock { $0.headers[0] }, outcome: outcome, bests: PersonalBests())
    }
}

enum RecordsTestError: Error { case notKept }

extension MemoryRecordStore {
    /// A keeper of one run into this store, as the app makes one.
    func keeper(durability: RunDurability = .live) -> RunKeeper {
        RunKeeper(
            store: self,
            header: { startedAt, offset, keptAt in
                RunRecordHeader(
                    startedAt: startedAt, utcOffsetSeconds: offset, runner: RunnerProfile(name: "Ada", weightKilograms: 60),
                    scenario: RecordedScenario(name: "test", path: "test.json"), keptAt: keptAt)
            },
            start: RunStart(own: nil, wallTime: { (1_795_420_800, 3600) }), durability: durability,
            report: { Issue.record("unexpected report: \($0)") })
    }
}
