import Foundation
import MateRunScenarios
import Testing

/// Inputs the fuzzer (scripts/fuzz.sh, docs/FUZZING.md) found crashing the loaders, cut down:
/// each must now give an error that names the place and the limit, not trap or run out of memory.
@Suite("Hostile scenario files get an error, never a crash")
struct FuzzRegressionTests {
    let fixtures = Fixtures()

    @Test func aGPXPointFromCenturiesAgoIsDroppedInsteadOfExhaustingMemory() throws {
        // Given a GPX track whose first point is in 1012 and whose others are in 2024 (the
        // fuzzer's crash-4564d7cd: a 1 Hz motion stream over 1000 years asked for 240 GB)
        let gpx = """
            <gpx><trk><trkseg>
            <trkpt lat="42.36" lon="-71.07"><time>1012-05-18T06:31:04Z</time></trkpt>
            <trkpt lat="42.36" lon="-71.07"><time>2024-05-18T06:31:07Z</time></trkpt>
            <trkpt lat="42.3601" lon="-71.07"><time>2024-05-18T06:31:10Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        // When it loads
        let scenario = try ScenarioLoader.load(path: fixtures.write("centuries.gpx", gpx))
        // Then the absurd point is dropped, said so, and the rest lasts its 3 s
        #expect(scenario.durationSeconds == 3)
        #expect(scenario.notes == ["dropped 1 point whose <time> is before 1990 or after 2099 (the first at line 2)"])
    }

    @Test func aTrackLongerThanSevenDaysIsRefusedAndOneOfExactlySevenDaysLoads() throws {
        // Given points an hour apart (a pause shorter than a new activity) over 7 days, then one more hour
        func track(hours: Int) -> String {
            let points = (0...hours).map { hour in
                let day = 1 + hour / 24, time = hour % 24
                let stamp = "2024-05-\(day < 10 ? "0" : "")\(day)T\(time < 10 ? "0" : "")\(time):00:00Z"
                return #"<trkpt lat="42.36" lon="-71.07"><time>\#(stamp)</time></trkpt>"#
            }
            return "<gpx><trk><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>"
        }
        // When they load
        let week = try ScenarioLoader.load(path: fixtures.write("week.gpx", track(hours: 168)))
        let error = fixtures.error(track(hours: 169), name: "longer.gpx")
        // Then exactly 7 days loads, and the point beyond is refused with the limit and its line
        #expect(week.durationSeconds == 7 * 86_400)
        #expect(error?.place == "line 171")
        #expect(error?.expected.contains("expected a track lasting at most 7 days") == true)
    }

    @Test func aSegmentLastingLongerThanAnyNumberIsRefusedInsteadOfTrapping() {
        // Given a 1e110-second segment (the fuzzer's crash-1104cedf: Int(duration / interval) trapped)
        let json = Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": 1\#(String(repeating: "0", count: 110))}]"#)
        // When it loads
        let error = fixtures.error(json)
        // Then the duration is refused where it is written
        #expect(error?.place == "segments[0].duration")
        #expect(error?.expected.hasPrefix("expected a duration of at most 7 days (168:00:00), found 1") == true)
    }

    @Test func anInfiniteClockDurationIsRefused() {
        // Given hours too large for a Double: "999…9:00:00" reads as infinity
        let json = Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": "\#(String(repeating: "9", count: 400)):00:00"}]"#)
        let error = fixtures.error(json)
        #expect(error?.place == "segments[0].duration")
        #expect(error?.expected.contains("at most 7 days") == true)
    }

    @Test func segmentsAddingUpToMoreThanSevenDaysAreRefused() {
        // Given 8 segments of a day each (a "still" segment needs no distance on the route)
        let json = Fixtures.scripted(segments: #"[{"repeat": 8, "segments": [{"activity": "still", "duration": 86400}]}]"#)
        let error = fixtures.error(json)
        #expect(error?.place == "segments")
        #expect(error?.expected == "expected segments lasting at most 7 days (168:00:00) in all, found 192:00:00")
    }

    @Test func nestedRepeatsCannotUnrollWithoutBound() {
        // Given 1000 × 1000 × 1000 segments: a billion once unrolled
        let json = Fixtures.scripted(segments: """
            [{"repeat": 1000, "segments": [{"repeat": 1000, "segments": [{"repeat": 1000, "segments": [{"activity": "still", "duration": 1}]}]}]}]
            """)
        let error = fixtures.error(json)
        #expect(error?.place == "segments[0].segments[0]")
        #expect(error?.expected == "expected at most 10000 segments with repeats unrolled, found more")
    }

    @Test func aRecordedTimeFarInTheFutureIsRefusedInsteadOfTrapping() {
        // Given a recorded location at t = 1e300 s (Int(1e300) traps in the 1 Hz motion stream)
        let json = #"{"version": 1, "name": "x", "locations": [{"t": 0, "lat": 1, "lon": 1}, {"t": 1e300, "lat": 1, "lon": 1}]}"#
        let error = fixtures.error(json)
        #expect(error?.place == "locations[1].t")
        #expect(error?.expected.hasPrefix("expected a time within 7 days (168:00:00) of the start, found ") == true)
    }
}
