import Foundation
import FoundationXML
import MateRunDomain
import MateRunRecords
import Testing

@Suite("A GPX export measures what the runner was shown")
struct CountedExportTests {
    /// A 3 km run north at 3 m/s, one fix a second, each fix `noise` metres off in a seeded
    /// direction, kept as a run's fixes with the tracker's own distance.
    static func noisyRun(noise: Double) -> RunRecord {
        var random = SplitMix(seed: 11)
        var session = RunSession(profile: RunnerProfile(name: "Ana", weightKilograms: 60), goalMetres: nil)
        var fixes: [RecordedFix] = []
        for second in 0...1000 {
            let angle = random.next(in: 0...(2 * Double.pi)), size = random.next(in: 0...noise)
            let north = 3 * Double(second) + size * cos(angle), east = size * sin(angle)
            let coordinate = Coordinate(latitude: 47 + north / 111_180, longitude: 8 + east / 75_800)
            let time = Double(second)
            session.record(MotionSample(time: time, activity: .running))
            session.record(LocationSample(time: time, coordinate: coordinate, horizontalAccuracy: noise))
            fixes.append(RecordedFix(
                time: time, coordinate: coordinate, horizontalAccuracy: noise,
                distanceMetres: session.distanceMetres, movingSeconds: time))
        }
        let summary = session.finish(.sensorsEnded, at: 1000)
        fixes[fixes.count - 1].distanceMetres = summary.snapshot.distanceMetres
        let header = RunRecordHeader(
            startedAt: 1_795_420_800, runner: session.profile, scenario: RecordedScenario(name: "noisy", path: "noisy.json"))
        let outcome = RunRecordOutcome(figures: RunFigures(summary.snapshot), splits: summary.splits, ending: .sensorsEnded)
        return RunRecord(
            summary: RunRecordSummary(id: RunRecordID("20261123-080000-1-abcd"), header: header, outcome: outcome, bests: PersonalBests()),
            fixes: fixes)
    }

    /// The geodesic length of a GPX document's track, segment by segment (as gpxpy sums it).
    static func measured(_ gpx: String) throws -> Double {
        let document = try XMLDocumentSummary(gpx)
        var metres = 0.0
        var previous: Coordinate?
        for element in document.sequence where element.name == "trkpt" || element.name == "trkseg" {
            guard element.name == "trkpt" else {
                previous = nil
                continue
            }
            let coordinate = Coordinate(
                latitude: try #require(element.attributes["lat"].flatMap(Double.init)),
                longitude: try #require(element.attributes["lon"].flatMap(Double.init)))
            if let previous { metres += Geodesic.distance(from: previous, to: coordinate) }
            previous = coordinate
        }
        return metres
    }

    @Test(arguments: [0.0, 4, 8])
    func theExportMeasuresTheKeptDistanceWithinOnePercent(noise: Double) throws {
        // Given a run of 3 km in white noise of up to `noise` metres, kept with the tracker's distance
        let run = Self.noisyRun(noise: noise)
        let kept = run.summary.outcome.figures.distanceMetres
        // When it is exported as GPX
        let measured = try Self.measured(GPXExport.document(run))
        // Then its track measures the kept distance within 1%
        #expect(abs(measured - kept) / kept < 0.01, "measured \(measured) m, kept \(kept) m")
    }

    @Test func theRawExportHoldsTheFixesAsTheReceiverGaveThem() throws {
        // Given the run in 8 m noise
        let run = Self.noisyRun(noise: 8)
        // When it is exported raw
        let document = GPXExport.document(run, raw: true)
        // Then every fix is there, and the noise makes it measure longer than the run
        #expect(try XMLDocumentSummary(document).count("trkpt") == run.fixes.count)
        #expect(try Self.measured(document) > run.summary.outcome.figures.distanceMetres * 1.05)
    }
}
