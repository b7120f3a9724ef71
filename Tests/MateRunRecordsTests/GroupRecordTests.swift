import MateRunDomain
@testable import MateRunRecords
import Testing

/// A group run kept with the group's result: it reads back from `run.json` and from the
/// journal's closing line.
@Suite struct GroupRecordTests {
    private let group = RecordedGroupResult(
        place: 2, runners: 3,
        results: [
            .init(place: 1, name: "Ann", distanceMetres: 1000, elapsedSeconds: 287.25),
            .init(place: 2, name: "Bo \u{1b}[2J", distanceMetres: 1000, elapsedSeconds: 358.5),
            .init(place: nil, name: "Eve", distanceMetres: 0, elapsedSeconds: 0),
        ])

    @Test func aGroupRunFileReadsBackWithItsResultTable() throws {
        let summary = RunRecordSummary(
            id: RunRecordID("20261123-090000-1-abcd"), header: Runs.header(pairing: RecordedPairing(mode: .race, mateName: "group abc")),
            outcome: RunRecordOutcome(
                figures: RunFigures(elapsedSeconds: 358.5, movingSeconds: 358.5, distanceMetres: 1000, caloriesKilocalories: 60, elevationGainMetres: 0),
                splits: [], ending: .goalReached, group: group),
            bests: PersonalBests())
        let (read, _) = try RunRecordJSON.summary(from: Array(RunRecordJSON.runFile(summary, fixCount: 0).utf8), place: "run.json")
        #expect(read.outcome.group == group)
        #expect(read == summary)
    }

    @Test func theJournalsEndLineCarriesTheGroupResultToo() throws {
        let outcome = RunRecordOutcome(
            figures: RunFigures(elapsedSeconds: 1, movingSeconds: 1, distanceMetres: 1, caloriesKilocalories: 0, elevationGainMetres: 0),
            splits: [], ending: .stopped, group: group)
        let line = RunJournal.endLine(outcome)
        #expect(line.contains("\"group\":{\"place\":2,\"runners\":3"))
    }
}
