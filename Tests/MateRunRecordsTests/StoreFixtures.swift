import Foundation
import MateRunDomain
import MateRunRecords

/// A fresh store in its own temporary directory, removed when the test is done.
final class TemporaryStore {
    let directory: String
    let store: FileRunRecordStore

    init() {
        directory = NSTemporaryDirectory() + "materun-records-\(UUID().uuidString)"
        store = FileRunRecordStore(directory: directory)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ relative: String) -> String { "\(store.runsDirectory)/\(relative)" }

    func write(_ text: String, to relative: String) throws {
        try FileManager.default.createDirectory(atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.runsDirectory).sorted()
    }
}

enum Runs {
    static func header(runner: String = "Ana", scenario: String = "park", at unix: Double = 1_795_420_800, pairing: RecordedPairing? = nil) -> RunRecordHeader {
        RunRecordHeader(
            startedAt: unix, utcOffsetSeconds: 3600, runner: RunnerProfile(name: runner, weightKilograms: 61.5),
            scenario: RecordedScenario(name: scenario, path: "Scenarios/\(scenario).json"), pairing: pairing, goalMetres: 3000
        )
    }

    static func snapshot(for fix: RecordedFix) -> RunSnapshot {
        RunSnapshot(
            elapsedSeconds: fix.time, movingSeconds: fix.movingSeconds, distanceMetres: fix.distanceMetres,
            caloriesKilocalories: fix.distanceMetres / 1000 * 60, elevationGainMetres: fix.distanceMetres / 100
        )
    }

    /// A kilometre split for every whole kilometre of `fixes`.
    static func splits(_ fixes: [RecordedFix]) -> [Split] {
        var splits: [Split] = []
        var previous: RecordedFix?
        for fix in fixes {
            if let before = previous, Int(fix.distanceMetres / 1000) > Int(before.distanceMetres / 1000) {
                let start = splits.last.map(\.endElapsedSeconds) ?? 0
                splits.append(Split(
                    index: splits.count + 1, distanceMetres: 1000, movingSeconds: fix.time - start,
                    endElapsedSeconds: fix.time, elevationGainMetres: 10
                ))
            }
            previous = fix
        }
        return splits
    }

    /// Records `fixes` with their splits and finishes with `ending`.
    @discardableResult
    static func keep(
        _ fixes: [RecordedFix], in store: any RunRecordStore, header: RunRecordHeader = header(), ending: RunRecordEnding = .goalReached,
        mate: RecordedMateResult? = nil
    ) throws -> RunRecordSummary {
        let recording = try store.begin(header)
        for fix in fixes { try recording.record(fix, snapshot: snapshot(for: fix)) }
        for split in splits(fixes) { try recording.record(split: split) }
        if mate != nil { try recording.record(mate: MateProgressPoint(elapsedSeconds: 10, distanceMetres: 30)) }
        let last = fixes.last.map(snapshot(for:)) ?? RunSnapshot()
        return try recording.finish(RunRecordOutcome(figures: RunFigures(last), splits: splits(fixes), ending: ending, mate: mate))
    }

    /// 3 km at 300 s/km, a fix a second.
    static let threeKilometres: [RecordedFix] = (0...900).map { second in
        let metres = Double(second) * 1000 / 300
        return RecordedFix(
            time: Double(second), coordinate: Coordinate(latitude: 47.0 + metres / 111_000, longitude: 8.5),
            elevation: 410 + metres / 100, heartRate: 140 + Double(second % 20), cadence: 170, distanceMetres: metres,
            movingSeconds: Double(second)
        )
    }
}

extension RunRecording {
    /// Appends one point of the track with the figures `snapshot` has, as a run that waits for
    /// each fix hands it over.
    func record(_ fix: RecordedFix, snapshot: RunSnapshot) throws {
        try record([KeptFix(fix, at: snapshot)])
    }
}
