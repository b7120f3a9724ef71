import Foundation
import MateRunDomain
import MateRunRecords
import Testing

/// No kept run is hidden: a run whose `run.json` is damaged, or that a dead process cut short,
/// is read from its journal, and only a command that writes seals it back on disk.
@Suite("Runs read from their journal")
struct DamagedSummaryTests {
    private func damageSummary(of id: RunRecordID, in temporary: TemporaryStore) throws {
        try temporary.write("{\"format\":\"materun-run\",\"version\":1,\"id\":", to: "\(id.rawValue)/run.json")
    }

    private func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    @Test func aRunWithADamagedSummaryIsListedFromItsJournalWithItsOwnEnding() throws {
        // Given a paired run kept to its goal, whose run.json is then cut in half
        let temporary = TemporaryStore()
        let mate = RecordedMateResult(result: .won, mateDistanceMetres: 2900, mateElapsedSeconds: 900, winner: .host)
        let kept = try Runs.keep(
            Runs.threeKilometres, in: temporary.store,
            header: Runs.header(pairing: RecordedPairing(mode: .race, mateName: "Ben")), ending: .goalReached, mate: mate)
        try damageSummary(of: kept.id, in: temporary)
        let damaged = bytes(temporary.path("\(kept.id.rawValue)/run.json"))
        // When the store is listed
        let listing = temporary.store.list()
        // Then the run is listed exactly as it was kept, the listing says it was read from the
        // journal and why, and nothing was written
        #expect(listing.runs == [kept])
        #expect(listing.problems.isEmpty)
        let note = try #require(listing.readFromJournal.first)
        #expect(note.path.hasSuffix("\(kept.id.rawValue)/run.json"))
        #expect(note.reason.contains("read from its journal"))
        #expect(bytes(temporary.path("\(kept.id.rawValue)/run.json")) == damaged)
    }

    @Test func aRunWithADamagedSummaryLoadsWithItsTrackAndSplits() throws {
        // Given a kept run whose run.json is damaged
        let temporary = TemporaryStore()
        let kept = try Runs.keep(Runs.threeKilometres, in: temporary.store, ending: .stopped)
        try damageSummary(of: kept.id, in: temporary)
        // When it is loaded
        let loaded = try temporary.store.load(kept.id)
        // Then it has its fixes, its splits and its ending
        #expect(loaded.fixes == Runs.threeKilometres)
        #expect(loaded.summary.outcome.splits.count == 3)
        #expect(loaded.summary.outcome.ending == .stopped)
        #expect(loaded.summary.outcome.figures == kept.outcome.figures)
    }

    @Test func recoveryRewritesADamagedSummaryFromTheJournal() throws {
        // Given a kept run whose run.json is damaged
        let temporary = TemporaryStore()
        let kept = try Runs.keep(Runs.threeKilometres, in: temporary.store, ending: .goalReached)
        try damageSummary(of: kept.id, in: temporary)
        // When recovery runs (as every command that writes to the history starts with)
        let recovered = temporary.store.recoverInterrupted()
        // Then it says it rebuilt the summary, and the store reads it as before, from run.json
        #expect(recovered.readFromJournal.count == 1)
        #expect(recovered.runs.isEmpty)
        let listing = temporary.store.list()
        #expect(listing.runs == [kept])
        #expect(listing.readFromJournal.isEmpty)
    }

    @Test func aRunCutShortIsListedAsInterruptedWithoutBeingSealed() throws {
        // Given a run whose process died after 200 seconds
        let temporary = TemporaryStore()
        var id: RunRecordID?
        do {
            let recording = try temporary.store.begin(Runs.header())
            id = recording.id
            for fix in Runs.threeKilometres.prefix(201) { try recording.record(fix, snapshot: Runs.snapshot(for: fix)) }
        }
        let run = try #require(id)
        // When the store is listed
        let listing = temporary.store.list()
        // Then the run is shown as interrupted with its figures, and no run.json was written
        let listed = try #require(listing.runs.first)
        #expect(listed.id == run)
        #expect(listed.outcome.ending == .interrupted)
        #expect(abs(listed.outcome.figures.distanceMetres - 200 * 1000 / 300) < 1e-6)
        #expect(listing.readFromJournal.count == 1)
        #expect(!FileManager.default.fileExists(atPath: temporary.path("\(run.rawValue)/run.json")))
    }

    @Test func aRunStillBeingRecordedIsNotListed() throws {
        // Given a run another recording holds open
        let temporary = TemporaryStore()
        let recording = try temporary.store.begin(Runs.header())
        try recording.record(Runs.threeKilometres[0], snapshot: Runs.snapshot(for: Runs.threeKilometres[0]))
        // When the store is listed
        let listing = temporary.store.list()
        // Then it is neither a run nor a problem yet
        #expect(listing.runs.isEmpty && listing.problems.isEmpty && listing.readFromJournal.isEmpty)
        _ = recording
    }
}
