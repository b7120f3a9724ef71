import Foundation
import MateRunDomain
import MateRunRecords
import Testing

/// Keeps docs/RECORDS.md honest: each line of a real journal carries exactly the fields the
/// document's journal table lists for its type (a field marked `?` may be absent; a row ending in
/// `...` lists the fields it must have, and others may follow).
@Suite struct RecordsDocumentTests {
    /// The documented fields of each journal line, by type: (fields, optional ones, open-ended).
    static let documented: [String: (fields: Set<String>, optional: Set<String>, open: Bool)] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/RECORDS.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var rows: [String: (Set<String>, Set<String>, Bool)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && line.contains("`{\"type\":") {
            guard let start = line.range(of: "`{"), let end = line.range(of: "}`", range: start.upperBound..<line.endIndex)
            else { continue }
            let object = String(line[start.upperBound..<end.lowerBound])
            guard let type = object.firstMatch(of: #/"type":"(\w+)"/#)?.output.1 else { continue }
            var fields = Set<String>(), optional = Set<String>()
            for match in object.matches(of: #/"(\w+)"(\??)/#) where match.output.1 != "type" && match.output.1 != type {
                fields.insert(String(match.output.1))
                if match.output.2 == "?" { optional.insert(String(match.output.1)) }
            }
            fields.insert("type")
            rows[String(type)] = (fields, optional, object.contains("..."))
        }
        return rows
    }()

    /// A paired run with every optional reading, a split, a lap and the mate's progress, sealed.
    private func journalLines() throws -> [[String: Any]] {
        let temporary = TemporaryStore()
        let pairing = RecordedPairing(mode: .race, mateName: "Ben")
        let recording = try temporary.store.begin(Runs.header(pairing: pairing))
        var fix = Runs.threeKilometres[10]
        fix.horizontalAccuracy = 4
        fix.activity = .running
        try recording.record(fix, snapshot: Runs.snapshot(for: fix))
        let split = Split(index: 1, distanceMetres: 1000, movingSeconds: 300, endElapsedSeconds: 300, elevationGainMetres: 1)
        try recording.record(split: split)
        try recording.record(lap: split)
        try recording.record(mate: MateProgressPoint(elapsedSeconds: 10, distanceMetres: 30))
        try recording.finish(RunRecordOutcome(
            figures: RunFigures(distanceMetres: 1000), splits: [split], ending: .goalReached,
            mate: RecordedMateResult(result: .won, mateDistanceMetres: 900, mateElapsedSeconds: 300, winner: .host)))
        let text = try String(contentsOfFile: temporary.path("\(recording.id.rawValue)/track.jsonl"), encoding: .utf8)
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test func everyJournalLineHasTheFieldsTheDocumentLists() throws {
        // Given a journal with a line of every type
        let lines = try journalLines()
        let types = Set(lines.compactMap { $0["type"] as? String })
        #expect(types == ["start", "fix", "split", "lap", "mate", "end"])
        // Then each type is in the document, with the same fields
        for line in lines {
            let type = line["type"] as? String ?? "?"
            // The lap row says "the fields of a split".
            let documentedAs = type == "lap" && Self.documented["lap"]?.fields == ["type"] ? "split" : type
            guard let row = Self.documented[documentedAs] else {
                Issue.record("docs/RECORDS.md has no row for the journal's \(type) line")
                continue
            }
            let written = Set(line.keys)
            let required = row.fields.subtracting(row.optional)
            #expect(required.isSubset(of: written), "\(type): documented but not written: \(required.subtracting(written).sorted())")
            if !row.open {
                #expect(written.isSubset(of: row.fields), "\(type): written but not documented: \(written.subtracting(row.fields).sorted())")
            }
        }
    }
}
