import Foundation
import MateRunDomain
import MateRunRecords
import Testing

@Suite struct FileRunRecordStoreTests {
    @Test func aKeptRunListsAndLoadsWithEverythingItWasGiven() throws {
        // Given a paired run kept to the end
        let temporary = TemporaryStore()
        let pairing = RecordedPairing(mode: .race, mateName: "Ben")
        let mate = RecordedMateResult(result: .won, mateDistanceMetres: 2900, mateElapsedSeconds: 900)
        let kept = try Runs.keep(Runs.threeKilometres, in: temporary.store, header: Runs.header(pairing: pairing), mate: mate)
        // When
        let listing = temporary.store.list()
        let loaded = try temporary.store.load(kept.id)
        // Then
        #expect(listing.problems.isEmpty)
        #expect(listing.runs == [kept])
        var withoutSplits = loaded.summary
        withoutSplits.outcome.splits = []
        #expect(withoutSplits == kept)
        #expect(loaded.fixes == Runs.threeKilometres)
        #expect(loaded.mateProgress == [MateProgressPoint(elapsedSeconds: 10, distanceMetres: 30)])
        #expect(loaded.summary.outcome.splits.count == 3)
        #expect(loaded.summary.header.pairing == pairing)
        #expect(loaded.summary.outcome.mate == mate)
        #expect(abs((kept.bests[.oneKilometre]?.movingSeconds ?? 0) - 300) < 1e-6)
    }

    @Test func theLastSplitClosedAtTheFinishJoinsTheOthersInTheJournal() throws {
        // Given a run with one split recorded as it went, and a partial one closed by the finish
        let temporary = TemporaryStore()
        let recording = try temporary.store.begin(Runs.header())
        let first = Split(index: 1, distanceMetres: 1000, movingSeconds: 300, endElapsedSeconds: 300, elevationGainMetres: 1)
        let last = Split(index: 2, distanceMetres: 250, movingSeconds: 80, endElapsedSeconds: 380, elevationGainMetres: 0)
        try recording.record(split: first)
        // When it is sealed
        let kept = try recording.finish(RunRecordOutcome(figures: RunFigures(distanceMetres: 1250), splits: [first, last], ending: .sensorsEnded))
        // Then the listing has no splits, and the loaded run has both, once each
        #expect(kept.outcome.splits.isEmpty)
        #expect(try temporary.store.load(kept.id).summary.outcome.splits == [first, last])
    }

    @Test func runsListNewestFirst() throws {
        let temporary = TemporaryStore()
        let fixes = Array(Runs.threeKilometres.prefix(10))
        try Runs.keep(fixes, in: temporary.store, header: Runs.header(scenario: "old", at: 1_000_000))
        try Runs.keep(fixes, in: temporary.store, header: Runs.header(scenario: "new", at: 2_000_000))
        try Runs.keep(fixes, in: temporary.store, header: Runs.header(scenario: "middle", at: 1_500_000))
        #expect(temporary.store.list().runs.map(\.header.scenario.name) == ["new", "middle", "old"])
    }

    @Test func replacingASummaryLeavesNoTemporaryFileAndTheNewText() throws {
        // Given a kept run
        let temporary = TemporaryStore()
        let kept = try Runs.keep(Array(Runs.threeKilometres.prefix(5)), in: temporary.store)
        // When an interrupted-run recovery runs over the store (it must not touch sealed runs)
        let recovered = temporary.store.recoverInterrupted()
        // Then the run directory holds exactly the journal and the summary
        #expect(recovered.runs.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: temporary.path(kept.id.rawValue)).sorted()
        #expect(files == ["run.json", "track.jsonl"])
        let text = try String(contentsOfFile: temporary.path("\(kept.id.rawValue)/run.json"), encoding: .utf8)
        #expect(text.hasPrefix("{\"format\":\"materun-run\",\"version\":1,"))
    }

    @Test func aRunWhoseProcessDiedIsKeptAsInterruptedWithItsFixes() throws {
        // Given a run recorded for 200 seconds and never finished (the recording is dropped, as
        // when the process dies: the kernel releases its lock)
        let temporary = TemporaryStore()
        var id: RunRecordID?
        do {
            let recording = try temporary.store.begin(Runs.header())
            id = recording.id
            for fix in Runs.threeKilometres.prefix(201) { try recording.record(fix, snapshot: Runs.snapshot(for: fix)) }
            try recording.record(split: Split(index: 1, distanceMetres: 1000, movingSeconds: 300, endElapsedSeconds: 300, elevationGainMetres: 1))
        }
        #expect(temporary.store.list().runs.map(\.outcome.ending) == [.interrupted])
        // When
        let recovered = temporary.store.recoverInterrupted()
        // Then
        #expect(recovered.problems.isEmpty)
        #expect(recovered.runs.map(\.id) == [id].compactMap { $0 })
        let run = try temporary.store.load(try #require(id))
        #expect(run.summary.outcome.ending == .interrupted)
        #expect(run.fixes == Array(Runs.threeKilometres.prefix(201)))
        #expect(run.summary.outcome.figures.distanceMetres == Runs.threeKilometres[200].distanceMetres)
        #expect(run.summary.outcome.splits.count == 1)
        #expect(temporary.store.list().runs.count == 1)
        #expect(temporary.store.recoverInterrupted().runs.isEmpty)
    }

    @Test func aRunStillBeingRecordedIsNotRecovered() throws {
        // Given a live recording (its journal is locked)
        let temporary = TemporaryStore()
        let recording = try temporary.store.begin(Runs.header())
        try recording.record(Runs.threeKilometres[0], snapshot: RunSnapshot())
        // When
        let recovered = temporary.store.recoverInterrupted()
        // Then it is left alone, and it still finishes normally
        #expect(recovered.runs.isEmpty)
        #expect(throws: RecordStoreError.self) { try temporary.store.delete(recording.id) }
        try recording.finish(RunRecordOutcome(figures: RunFigures(), splits: [], ending: .cancelled))
        #expect(temporary.store.list().runs.map(\.outcome.ending) == [.cancelled])
    }

    @Test func aJournalCutAtAnyByteKeepsEveryWholeLineBeforeTheCut() throws {
        // Given a complete journal of a 60-fix run
        let source = TemporaryStore()
        let recording = try source.store.begin(Runs.header())
        let fixes = Array(Runs.threeKilometres.prefix(60))
        for fix in fixes { try recording.record(fix, snapshot: Runs.snapshot(for: fix)) }
        let journal = try Data(contentsOf: URL(fileURLWithPath: source.path("\(recording.id.rawValue)/track.jsonl")))
        let headerLength = try #require(journal.firstIndex(of: UInt8(ascii: "\n"))) + 1
        var random = SplitMix(seed: 11)
        for _ in 0..<40 {
            // When the journal is cut at a random byte past the header, as a power cut would
            let cut = Int(random.next(in: Double(headerLength)...Double(journal.count)))
            let kept = journal.prefix(cut)
            let wholeLines = kept.filter { $0 == UInt8(ascii: "\n") }.count - 1
            let temporary = TemporaryStore()
            try temporary.write(String(decoding: kept, as: UTF8.self), to: "\(recording.id.rawValue)/track.jsonl")
            let recovered = temporary.store.recoverInterrupted()
            // Then every fix whose line was whole is kept, and nothing else
            #expect(recovered.problems.isEmpty)
            let run = try temporary.store.load(recording.id)
            #expect(run.fixes == Array(fixes.prefix(wholeLines)))
            #expect(run.summary.outcome.ending == .interrupted)
        }
    }

    @Test func aCorruptOrForeignEntryIsReportedByNameAndTheOthersStillList() throws {
        // Given two good runs, a corrupt run.json, a foreign file, a newer format and an empty dir
        let temporary = TemporaryStore()
        let good = try Runs.keep(Array(Runs.threeKilometres.prefix(5)), in: temporary.store)
        let other = try Runs.keep(Array(Runs.threeKilometres.prefix(5)), in: temporary.store)
        try temporary.write("{\"format\":\"materun-run\",\"version\":1,\"id\":", to: "20260101-000000-1-aaaa/run.json")
        try temporary.write("hello", to: "notes.txt")
        try temporary.write("{\"format\":\"materun-run\",\"version\":9}", to: "20260101-000000-1-bbbb/run.json")
        try FileManager.default.createDirectory(atPath: temporary.path("20260101-000000-1-cccc"), withIntermediateDirectories: true)
        // When
        let listing = temporary.store.list()
        // Then
        #expect(Set(listing.runs.map(\.id)) == [good.id, other.id])
        #expect(listing.problems.map { ($0.path as NSString).lastPathComponent } == ["run.json", "run.json", "20260101-000000-1-cccc", "notes.txt"])
        #expect(listing.problems[0].path.hasSuffix("20260101-000000-1-aaaa/run.json"))
        #expect(listing.problems[1].reason.contains("newer materun"))
    }

    @Test func twoWritersAtOnceLoseNothing() async throws {
        // Given two stores on one directory, as two processes would have
        let temporary = TemporaryStore()
        let one = temporary.store
        let second = FileRunRecordStore(directory: temporary.directory)
        let fixes = Array(Runs.threeKilometres.prefix(3))
        // When each keeps 100 runs on its own thread, all starting in the same second
        async let first = onOwnThread { try (0..<100).map { _ in try Runs.keep(fixes, in: one).id } }
        async let other = onOwnThread { try (0..<100).map { _ in try Runs.keep(fixes, in: second).id } }
        let ids = try await first + other
        // Then all 200 are there, each once
        let listing = temporary.store.list()
        #expect(Set(ids).count == 200)
        #expect(Set(listing.runs.map(\.id)) == Set(ids))
        #expect(listing.problems.isEmpty)
    }

    @Test func deletingARunRemovesItAndOnlyIt() throws {
        let temporary = TemporaryStore()
        let gone = try Runs.keep(Array(Runs.threeKilometres.prefix(5)), in: temporary.store)
        let stays = try Runs.keep(Array(Runs.threeKilometres.prefix(5)), in: temporary.store)
        try temporary.store.delete(gone.id)
        #expect(temporary.store.list().runs.map(\.id) == [stays.id])
        #expect(try temporary.names() == [stays.id.rawValue])
        #expect(throws: RecordStoreError.self) { try temporary.store.delete(gone.id) }
        #expect(throws: RecordStoreError.self) { try temporary.store.load(RunRecordID("../../etc")) }
    }

    @Test func leftoversOfDeadProcessesAreRemovedButABeginInProgressIsNot() throws {
        // Given a half-made run whose process died (header written, lock gone), a half-deleted
        // one, and a half-made one without a journal yet (another process inside `begin`)
        let temporary = TemporaryStore()
        try temporary.write("{}\n", to: ".new-20260101-000000-1-aaaa/track.jsonl")
        try temporary.write("{}", to: ".deleted-20260101-000000-1-bbbb-7/run.json")
        try FileManager.default.createDirectory(atPath: temporary.path(".new-20260101-000000-1-cccc"), withIntermediateDirectories: true)
        // When
        let recovered = temporary.store.recoverInterrupted()
        // Then
        #expect(recovered == RunRecordListing())
        #expect(try temporary.names() == [".new-20260101-000000-1-cccc"])
    }

    @Test func anEmptyOrMissingStoreListsNothing() {
        let temporary = TemporaryStore()
        #expect(temporary.store.list() == RunRecordListing())
        #expect(temporary.store.recoverInterrupted() == RunRecordListing())
    }

    @Test func theDataDirectoryComesFromTheFlagThenTheEnvironment() {
        let home = ["HOME": "/home/ana"]
        #expect(DataDirectory.resolve(environment: home) == "/home/ana/.local/share/materun")
        #expect(DataDirectory.resolve(environment: home.merging(["XDG_DATA_HOME": "/x"]) { $1 }) == "/x/materun")
        #expect(DataDirectory.resolve(environment: home.merging(["XDG_DATA_HOME": "relative"]) { $1 }) == "/home/ana/.local/share/materun")
        #expect(DataDirectory.resolve(environment: ["MATERUN_DATA_DIR": "/m", "XDG_DATA_HOME": "/x"]) == "/m")
        #expect(DataDirectory.resolve(override: "/flag", environment: ["MATERUN_DATA_DIR": "/m"]) == "/flag")
        #expect(DataDirectory.resolve(environment: [:]) == nil)
    }

    @Test func aReferenceFindsTheLatestAnIdAPrefixOrAScenario() throws {
        let temporary = TemporaryStore()
        let fixes = Array(Runs.threeKilometres.prefix(3))
        let park = try Runs.keep(fixes, in: temporary.store, header: Runs.header(scenario: "park", at: 1_000))
        let hills = try Runs.keep(fixes, in: temporary.store, header: Runs.header(scenario: "hills", at: 2_000))
        let runs = temporary.store.list().runs
        #expect(RunRecordLookup.find("latest", in: runs)?.id == hills.id)
        #expect(RunRecordLookup.find(park.id.rawValue, in: runs)?.id == park.id)
        #expect(RunRecordLookup.find("park", in: runs)?.id == park.id)
        #expect(RunRecordLookup.find("Scenarios/hills.json", in: runs)?.id == hills.id)
        #expect(RunRecordLookup.find("nothing", in: runs) == nil)
    }
}

/// Runs blocking work (file I/O with fsyncs) on a thread of its own, not on the cooperative pool.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
