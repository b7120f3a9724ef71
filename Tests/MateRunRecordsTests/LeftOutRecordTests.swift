import Foundation
import MateRunDomain
import MateRunRecords
import Testing

/// A kept run remembers what the tracker left out, and a run kept before it did still loads.
@Suite struct LeftOutRecordTests {
    private static let leftOut = [
        LeftOutStretch(reason: .tooFast, distanceMetres: 14_804.131958, fromSeconds: 1001, toSeconds: 1602),
        LeftOutStretch(reason: .jump, distanceMetres: 2011.6, fromSeconds: 2100.5, toSeconds: 2103.5),
    ]

    @Test func aRunFileKeepsWhatWasLeftOutToTheDigit() throws {
        // Given a kept run that left out a drive and a jump
        let summary = RunRecordSummary(
            id: RunRecordID("20240608-073000-1-abcd"), header: Runs.header(),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 2600, movingSeconds: 2600, distanceMetres: 6031.46), splits: [],
                ending: .sensorsEnded, leftOut: Self.leftOut),
            bests: PersonalBests())
        // When its run.json is written and read
        let text = RunRecordJSON.runFile(summary, fixCount: 2602)
        let (read, _) = try RunRecordJSON.summary(from: Array(text.utf8), place: "run.json")
        // Then both stretches come back as they were
        #expect(read.outcome.leftOut == Self.leftOut)
        #expect(text.contains("\"left_out\":[{\"reason\":\"too_fast\",\"distance_m\":14804.131958,\"from_s\":1001,\"to_s\":1602}"))
    }

    @Test func aRunFileWrittenBeforeLeftOutWasKeptLoadsWithNothingLeftOut() throws {
        // Given a run.json as materun wrote it before it kept left_out
        let old = #"{"format":"materun-run","version":1,"id":"20240608-073000-23963-d24da5fd","started_at":"2024-06-08T07:30:00+00:00","runner":"Runner","scenario":"Run","distance_m":6031.462718437037,"elapsed_s":2600,"moving_s":2600,"calories_kcal":402.6922795247651,"avg_pace_s_per_km":431.07287922916163,"ending":"sensors_ended","started_at_unix":1717831800,"utc_offset_s":0,"runner_weight_kg":70,"scenario_path":"run.gpx","elevation_gain_m":0,"fixes":2602,"bests":{"1k":{"moving_s":325.14829954969423,"start_m":2027.495626919179}}}"#
        // When it is read
        let (read, fixes) = try RunRecordJSON.summary(from: Array(old.utf8), place: "run.json")
        // Then it loads, with nothing left out
        #expect(read.outcome.leftOut.isEmpty)
        #expect(read.outcome.figures.distanceMetres == 6031.462718437037)
        #expect(fixes == 2602)
    }

    @Test func aStretchWithAnUnknownReasonIsReportedByField() {
        // Given a run.json whose left_out names a reason this materun does not know
        let text = RunRecordJSON.runFile(
            RunRecordSummary(
                id: RunRecordID("x"), header: Runs.header(),
                outcome: RunRecordOutcome(figures: RunFigures(), splits: [], ending: .sensorsEnded, leftOut: Self.leftOut),
                bests: PersonalBests()),
            fixCount: 0
        ).replacingOccurrences(of: "\"jump\"", with: "\"warp\"")
        // When it is read, Then the error names the field and what it expected
        #expect {
            _ = try RunRecordJSON.summary(from: Array(text.utf8), place: "run.json")
        } throws: { error in
            "\(error)".contains("reason") && "\(error)".contains("a known word")
        }
    }

    @Test func aStoreLoadsWhatWasLeftOutFromTheRunFileAndFromTheJournalAlone() throws {
        // Given a run kept with what it left out
        let temporary = TemporaryStore()
        let recording = try temporary.store.begin(Runs.header())
        let fixes = Runs.threeKilometres
        for fix in fixes { try recording.record(fix, snapshot: Runs.snapshot(for: fix)) }
        let kept = try recording.finish(RunRecordOutcome(
            figures: RunFigures(Runs.snapshot(for: fixes[fixes.count - 1])), splits: [], ending: .sensorsEnded,
            leftOut: Self.leftOut))
        // When it is loaded, Then it has both stretches
        #expect(try temporary.store.load(kept.id).summary.outcome.leftOut == Self.leftOut)
        // And when its run.json is lost, the journal's end line still has them
        try FileManager.default.removeItem(atPath: temporary.path("\(kept.id.rawValue)/run.json"))
        #expect(try temporary.store.load(kept.id).summary.outcome.leftOut == Self.leftOut)
    }
}
