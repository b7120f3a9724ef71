import Foundation
@testable import MateRunApp
import Testing

/// GPX files shaped like what devices and apps write (an eTrex "ACTIVE LOG" split into tracks,
/// a receiver whose clock was not set, a route planner's export, a Garmin Connect ride, a Strava
/// run with a watch pause; and, written by `scripts/make-sparse-gpx-fixtures.py`, logs a fix
/// every 4.5, 10, 13 and 17 s, a phone's 140 s signal loss and an MTK logger's overlapping
/// sessions), each with its true length in
/// `<metadata><desc>true_m=…</desc>` (a sparse log's: the lines between its true positions). The
/// shapes were found in public GPX test files of other projects; the files here are our own,
/// generated on a sphere, as gpxpy measures (so the truth and gpxpy agree, and materun's WGS84
/// distance may differ from both by a few tenths of a percent). `scripts/check-gpx-readers.sh`
/// compares them with gpxpy.
@Suite("GPX files as devices write them replay to their true length")
struct DeviceGPXTests {
    static let directory = packageRoot + "/Tests/MateRunAppTests/DeviceGPX/"

    private func trueMetres(_ file: String) throws -> Double {
        let text = try String(contentsOfFile: Self.directory + file, encoding: .utf8)
        let start = try #require(text.range(of: "true_m="))
        let digits = text[start.upperBound...].prefix { $0.isNumber || $0 == "." }
        return try #require(Double(String(digits)))
    }

    private func replay(_ file: String, _ options: [String] = []) async throws -> (summary: [String: Any], errors: [String]) {
        let run = await runMateRun(["replay", Self.directory + file, "--speed", "max", "--json", "--weight", "70"] + options)
        #expect(run.status == 0, "\(run.errors.lines)")
        let line = try #require(run.output.lines.last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (summary, run.errors.lines)
    }

    @Test(arguments: [
        ("etrex-active-log.gpx", 0.01), ("unset-clock-and-last-point-back.gpx", 0.01),
        ("garmin-road-ride.gpx", 0.01), ("strava-run-with-pause.gpx", 0.01),
        ("smart-recording-hike.gpx", 0.03), ("phone-app-10s.gpx", 0.03), ("mapsource-13s.gpx", 0.03),
        ("receiver-2001-17s.gpx", 0.03), ("phone-signal-loss.gpx", 0.03), ("mtk-logger-sessions.gpx", 0.02),
    ] as [(String, Double)])
    func replaysWithinItsToleranceOfTheTruth(file: String, tolerance: Double) async throws {
        // Given a device-shaped file and its true length
        let truth = try trueMetres(file)
        // When replayed
        let (summary, _) = try await replay(file)
        // Then the distance is within 1% of it (3% for a sparse or gappy log in correlated noise)
        let distance = try #require(summary["distance_m"] as? Double)
        #expect(abs(distance - truth) / truth < tolerance, "\(file): \(distance) m of \(truth) m")
    }

    @Test func anActiveLogsDrivesArePausesNotRunning() async throws {
        // Given three walks of 25, 10 and 15 min with 20-minute drives between them
        let (summary, _) = try await replay("etrex-active-log.gpx")
        // Then moving time is the walks' (5 s per last fix aside), not the drives'
        let moving = try #require(summary["moving_s"] as? Double)
        #expect(abs(moving - 2985) <= 5, "moving \(moving) s")
    }

    @Test func anMTKLoggersOverlappingSessionsAreOneRunWithoutPauses() async throws {
        // Given an MTK logger's three sessions of a 36-minute run, newest first, overlapping
        let (summary, errors) = try await replay("mtk-logger-sessions.gpx")
        // Then the whole run is moving time (no pause between the tracks), and the note says why
        let moving = try #require(summary["moving_s"] as? Double), elapsed = try #require(summary["elapsed_s"] as? Double)
        #expect(moving == elapsed && elapsed > 2_100, "moving \(moving) s of \(elapsed) s")
        #expect(errors.contains { $0.hasSuffix("tracks 1, 2, 3 cover the same time (a logger's sessions written more than once): read as one track by time; dropped 66 points that another of them repeats") })
    }

    @Test func badTimesAreDroppedAndCounted() async throws {
        let (_, errors) = try await replay("unset-clock-and-last-point-back.gpx")
        #expect(errors.contains { $0.contains("dropped 3 points whose <time> is before 1990") })
        #expect(errors.contains { $0.contains("dropped 1 point whose <time> went back") })
    }

    @Test func aRideKeepsItsFastDescentsAndItsHeartRate() async throws {
        let (summary, _) = try await replay("garmin-road-ride.gpx")
        #expect(summary["avg_heart_rate_bpm"] as? Double != nil)
        #expect(summary["avg_cadence_spm"] as? Double == 85, "a cycling cadence (rpm) is not doubled")
    }

    @Test func aStravaRunShowsStepsPerMinuteAndAWatchPause() async throws {
        let (summary, _) = try await replay("strava-run-with-pause.gpx")
        #expect(summary["avg_cadence_spm"] as? Double == 172)
        #expect(summary["avg_heart_rate_bpm"] as? Double == 152)
        let moving = try #require(summary["moving_s"] as? Double), elapsed = try #require(summary["elapsed_s"] as? Double)
        #expect(abs(elapsed - moving - 181) <= 2, "the 3-minute pause is not moving time")
    }

    @Test func aPlannedRouteNeedsAPaceAndRunsAtIt() async throws {
        // Given a route planner's export without times
        let unpaced = await runMateRun(["replay", Self.directory + "planned-route.gpx", "--speed", "max", "--json"])
        #expect(unpaced.status == 1)
        #expect(unpaced.errors.lines.contains { $0.contains("give a pace, e.g. --pace 5:30") })
        // When given a pace of 6:00 per km
        let (summary, _) = try await replay("planned-route.gpx", ["--pace", "6:00"])
        // Then it covers the route at that pace
        let distance = try #require(summary["distance_m"] as? Double), moving = try #require(summary["moving_s"] as? Double)
        let truth = try trueMetres("planned-route.gpx")
        #expect(abs(distance - truth) / truth < 0.01, "\(distance) m of \(truth) m")
        #expect(abs(moving / distance * 1000 - 360) < 5)
    }
}
