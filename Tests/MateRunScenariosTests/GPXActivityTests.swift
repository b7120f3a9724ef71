import Foundation
import MateRunDomain
@testable import MateRunScenarios
import Testing

@Suite("GPX as devices write it: pauses, several tracks, bad times, routes without times, heart rate")
struct GPXActivityTests {
    let fixtures = Fixtures()

    /// A `<trkpt>` `metres` north of 47.6 N at `time` (`"07:00:00"` on 2024-05-18, or a full stamp).
    static func point(north metres: Double, at time: String?, extensions: String = "") -> String {
        let latitude = 47.6 + metres / 111_200
        let stamp = time.map { $0.count == 8 ? "<time>2024-05-18T\($0)Z</time>" : "<time>\($0)</time>" } ?? ""
        let extra = extensions.isEmpty ? "" : "<extensions>\(extensions)</extensions>"
        return #"<trkpt lat="\#(latitude)" lon="-122.3">\#(stamp)\#(extra)</trkpt>"#
    }

    /// `count` points a second apart at 3 m/s from `metres` north, starting at `start` seconds after 07:00.
    static func run(from metres: Double, start: Int, count: Int) -> [String] {
        (0..<count).map { second in
            let t = start + second
            let clock = String(format: "%02d:%02d:%02d", 7 + t / 3600, t / 60 % 60, t % 60)
            return point(north: metres + 3 * Double(second), at: clock)
        }
    }

    static func document(_ tracks: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        \(tracks.joined(separator: "\n"))
        </gpx>
        """
    }

    static func track(_ segments: [[String]], name: String? = nil, type: String? = nil) -> String {
        let header = (name.map { "<name>\($0)</name>" } ?? "") + (type.map { "<type>\($0)</type>" } ?? "")
        return "<trk>\(header)" + segments.map { "<trkseg>\n" + $0.joined(separator: "\n") + "\n</trkseg>" }.joined() + "</trk>"
    }

    private func load(_ text: String, _ options: GPXReplayOptions = GPXReplayOptions()) throws -> Scenario {
        try ScenarioLoader.load(path: fixtures.write("t.gpx", text), gpx: options)
    }

    @Test func aGapBetweenSegmentsIsAWatchPauseWithNothingCountedAcrossIt() throws {
        // Given 600 s of running, a 3-minute gap in which the runner walked 300 m, and 600 s more
        let first = Self.run(from: 0, start: 0, count: 600)
        let second = Self.run(from: 1800 + 300, start: 600 + 180, count: 600)
        // When it loads
        let scenario = try load(Self.document([Self.track([first, second])]))
        // Then the last fix before the gap pauses the recording and the first after resumes it
        let flags = scenario.locations.enumerated().filter { $0.element.pausesRecording || $0.element.resumesRecording }
        #expect(flags.map(\.offset) == [599, 600])
        #expect(scenario.locations[599].pausesRecording && scenario.locations[600].resumesRecording)
        #expect(scenario.notes.isEmpty)
    }

    @Test func aTrackLongerThanTheReadersChunksOfPointsReplaysEveryPointWithItsPauseAtTheSegmentEnd() throws {
        // Given 40,000 points, their segments changing at the 32,768th, where the reader's
        // chunks of points meet (each chunk is let go once its samples are made)
        let first = Self.run(from: 0, start: 0, count: 32_768)
        let second = Self.run(from: 3 * 32_768, start: 32_768, count: 40_000 - 32_768)
        // When it loads
        let scenario = try load(Self.document([Self.track([first, second])]))
        // Then every point is a fix a second, and the segment's end is a pause on both sides of the seam
        #expect(scenario.locations.count == 40_000)
        #expect(scenario.locations.last?.time == 39_999)
        let flags = scenario.locations.enumerated().filter { $0.element.pausesRecording || $0.element.resumesRecording }
        #expect(flags.map(\.offset) == [32_767, 32_768])
        #expect(scenario.motions.count == 40_000)
    }

    @Test func tracksADayApartAreTwoActivitiesAndTrackPicksOne() throws {
        // Given two tracks a day apart, named
        let monday = Self.track([Self.run(from: 0, start: 0, count: 100)], name: "Monday")
        let tuesday = Self.track([Self.run(from: 0, start: 0, count: 50).map {
            $0.replacingOccurrences(of: "2024-05-18", with: "2024-05-19")
        }], name: "Tuesday")
        let text = Self.document([monday, tuesday])
        // When it loads without and with --track
        let first = try load(text)
        let chosen = try load(text, GPXReplayOptions(track: 2))
        // Then the first is replayed alone, with a note naming what was left out; --track 2 picks the second
        #expect(first.locations.count == 100 && first.name == "Monday")
        #expect(first.notes.count == 1)
        #expect(first.notes.first?.contains("more than one activity") == true)
        #expect(first.notes.first?.contains("track 2") == true)
        #expect(chosen.locations.count == 50 && chosen.name == "Tuesday")
    }

    @Test func aLogSplitIntoTracksWithAnEmptyFirstOneIsOneActivityWithPauses() throws {
        // Given an "ACTIVE LOG" split into tracks, the first empty, with 20-minute drives between
        let tracks = [Self.track([], name: "ACTIVE LOG")] + (0..<3).map { index in
            Self.track([Self.run(from: Double(index) * 10_000, start: index * 1800, count: 300)], name: "ACTIVE LOG #\(index + 2)")
        }
        // When it loads
        let scenario = try load(Self.document(tracks))
        // Then every point is kept, with a pause at each drive, and the named track's name
        #expect(scenario.locations.count == 900)
        #expect(scenario.locations.filter(\.pausesRecording).count == 2)
        #expect(scenario.name == "ACTIVE LOG #2")
    }

    @Test func tracksWrittenNewestFirstThatOverlapAreOneLogReadByTime() throws {
        // Given a logger's three sessions of one run (600 s at 3 m/s), written newest first, each
        // repeating the 30 s where it meets the next
        let newest = Self.track([Self.run(from: 1200, start: 400, count: 200)], name: "track-1")
        let oldest = Self.track([Self.run(from: 0, start: 0, count: 230)], name: "track-2")
        let middle = Self.track([Self.run(from: 600, start: 200, count: 230)], name: "track-3")
        // When it loads
        let scenario = try load(Self.document([newest, oldest, middle]))
        // Then every second is one fix, in time, with no pause between the tracks
        #expect(scenario.locations.count == 600)
        #expect(scenario.locations.map(\.time) == (0..<600).map(Double.init))
        #expect(!scenario.locations.contains { $0.pausesRecording || $0.resumesRecording })
        #expect(abs(trackLength(scenario.locations) - 1797) < 1)
        // And the note says which tracks were read together and what repeated
        #expect(scenario.notes == [
            "tracks 1, 2, 3 cover the same time (a logger's sessions written more than once): read as one track by time; dropped 60 points that another of them repeats",
        ])
    }

    @Test func aTrackSavedTwiceCountsOnce() throws {
        // Given the same 300 points as two tracks
        let run = Self.run(from: 0, start: 0, count: 300)
        // When it loads
        let scenario = try load(Self.document([Self.track([run]), Self.track([run])]))
        // Then it is the run once
        #expect(scenario.locations.count == 300)
        #expect(abs(trackLength(scenario.locations) - 897) < 1)
    }

    @Test func tracksThatInterleaveAreMergedIntoTheDenserLog() throws {
        // Given one log's even seconds in a track and its odd seconds in another
        let run = Self.run(from: 0, start: 0, count: 200)
        let even = Self.track([run.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)])
        let odd = Self.track([run.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)])
        // When it loads
        let scenario = try load(Self.document([even, odd]))
        // Then every second is read, none dropped as going back
        #expect(scenario.locations.count == 200)
        #expect(scenario.notes == ["tracks 1, 2 cover the same time (a logger's sessions written more than once): read as one track by time"])
    }

    @Test func aStrayTimeAtATracksEdgeDoesNotMakeTwoTracksOne() throws {
        // Given two walks an hour apart, the second's first point stamped back inside the first
        var second = Self.run(from: 10_000, start: 3600, count: 300)
        second[0] = Self.point(north: 10_000, at: "07:02:00")
        let tracks = [Self.track([Self.run(from: 0, start: 0, count: 300)]), Self.track([second])]
        // When it loads
        let scenario = try load(Self.document(tracks))
        // Then they stay two tracks with a pause between, and the stray point is dropped as going back
        #expect(scenario.locations.count == 599)
        #expect(scenario.locations.filter(\.pausesRecording).count == 1)
        #expect(scenario.notes.count == 1 && scenario.notes[0].hasPrefix("dropped 1 point whose <time> went back"))
    }

    @Test func anEmptyOrMissingTrackNumberIsAnErrorThatSaysHowManyThereAre() {
        // Given a file of one empty and one real track
        let text = Self.document([Self.track([]), Self.track([Self.run(from: 0, start: 0, count: 5)])])
        // When --track names the empty one, or one beyond
        let empty = fixtures.error(text, name: "x.gpx", options: GPXReplayOptions(track: 1))
        let beyond = fixtures.error(text, name: "x.gpx", options: GPXReplayOptions(track: 3))
        // Then each says what is wrong
        #expect(empty?.expected == "expected points in track 1, found none")
        #expect(beyond?.expected.contains("expected --track between 1 and 2") == true)
    }

    @Test func pointsWhoseTimeGoesBackOrIsAbsurdAreDroppedWithACount() throws {
        // Given a log whose first two points carry 1901 and whose last goes back an hour
        var points = Self.run(from: 0, start: 0, count: 100)
        points.insert(Self.point(north: 0, at: "1901-12-13T20:45:52Z"), at: 0)
        points.insert(Self.point(north: 0, at: "1901-12-13T20:45:53Z"), at: 1)
        points.append(Self.point(north: 300, at: "06:01:40"))
        // When it loads
        let scenario = try load(Self.document([Self.track([points])]))
        // Then the good 100 points remain, and the notes count what was dropped
        #expect(scenario.locations.count == 100)
        #expect(scenario.durationSeconds == 99)
        #expect(scenario.notes == [
            "dropped 2 points whose <time> is before 1990 or after 2099 (the first at line 4)",
            "dropped 1 point whose <time> went back (the first at line 106, 59:59 before the point before it)",
        ])
    }

    @Test func aTrackFromAnEarlierDayIsAnotherActivityNamedInTheNote() throws {
        // Given Tuesday's run, then in the same file a second <trk> logged on the Monday before
        let tuesday = Self.track([Self.run(from: 0, start: 0, count: 100)], name: "Tuesday")
        let monday = Self.track([(0..<50).map { Self.point(north: 5000 + 3 * Double($0), at: String(format: "2024-05-17T07:00:%02dZ", $0)) }], name: "Monday")
        // When it loads
        let scenario = try load(Self.document([tuesday, monday]))
        // Then Tuesday replays, and the note names Monday's outing instead of counting points that "went back"
        #expect(scenario.locations.count == 100)
        #expect(scenario.notes == [
            "the file holds another, earlier activity: 50 points from 2024-05-17 (track 2, from line 106), left out; --track N replays one track",
        ])
        // And --track 2 replays Monday
        #expect(try load(Self.document([tuesday, monday]), GPXReplayOptions(track: 2)).locations.count == 50)
    }

    @Test func aTrackWithoutTimesNeedsAPaceAndReplaysAtIt() throws {
        // Given a planned route of two points 1 km apart, without times
        let text = Self.document([Self.track([[Self.point(north: 0, at: nil), Self.point(north: 1000, at: nil)]])])
        // When it loads without and with a pace of 5:00 per km
        let error = fixtures.error(text, name: "x.gpx", options: GPXReplayOptions())
        let paced = try load(text, GPXReplayOptions(paceSecondsPerKilometre: 300))
        // Then without, the error says to give one; with, a fix a second for 300 s
        #expect(error?.expected.contains("give a pace, e.g. --pace 5:30") == true)
        #expect(paced.locations.count == 301)
        #expect(paced.durationSeconds == 300)
        let metres = Geodesic.distance(from: paced.locations[0].coordinate, to: paced.locations[150].coordinate)
        #expect(abs(metres - 500) < 1.5, "halfway after \(metres) m")
    }

    @Test func aRouteIsReplayedWhenTheFileHasNoTrack() throws {
        // Given a <rte> of three points without times
        let route = """
            <rte><name>Planned</name>
            <rtept lat="47.6" lon="-122.3"/><rtept lat="47.605" lon="-122.3"/><rtept lat="47.605" lon="-122.295"/>
            </rte>
            """
        // When it loads at 6:00 per km
        let scenario = try load(Self.document([route]), GPXReplayOptions(paceSecondsPerKilometre: 360))
        // Then it is the route, named, at that pace
        #expect(scenario.name == "Planned")
        #expect(scenario.summary.hasPrefix("GPX route"))
        #expect(scenario.locations.count > 100)
        #expect(scenario.notes == ["replaying at 6:00 per km, not at the file's own times"])
    }

    @Test(arguments: [
        "<gpxtpx:TrackPointExtension><gpxtpx:hr>151</gpxtpx:hr><gpxtpx:cad>86</gpxtpx:cad></gpxtpx:TrackPointExtension>",
        "<ns3:TrackPointExtension><ns3:hr>151</ns3:hr><ns3:cad>86</ns3:cad></ns3:TrackPointExtension>",
        "<TrackPointExtension><hr>151</hr><cad>86</cad></TrackPointExtension>",
    ])
    func heartRateAndPerFootCadenceAreReadUnderAnyPrefix(extensions: String) throws {
        // Given a running track whose points carry heart rate 151 and Garmin's per-foot cadence 86
        let points = (0..<10).map { second in
            Self.point(north: 3 * Double(second), at: "07:00:0\(second)", extensions: extensions)
        }
        // When it loads
        let scenario = try load(Self.document([Self.track([points], type: "running")]))
        // Then every motion sample carries them, cadence in steps per minute (both feet)
        #expect(scenario.motions.count == 10)
        #expect(scenario.motions.allSatisfy { $0.heartRate == 151 && $0.cadence == 172 })
        #expect(scenario.sport == .running)
    }

    @Test func aTrackWithoutHeartRateHasNone() throws {
        let scenario = try load(Self.document([Self.track([Self.run(from: 0, start: 0, count: 10)])]))
        #expect(scenario.motions.allSatisfy { $0.heartRate == nil && $0.cadence == nil })
    }

    @Test func theSportComesFromTheTypeElseFromTheSpeeds() throws {
        // Given a track typed as a ride, and an untyped track at 10 m/s
        let typed = try load(Self.document([Self.track([Self.run(from: 0, start: 0, count: 10)], type: "cycling")]))
        let fast = (0..<30).map { Self.point(north: 10 * Double($0), at: "07:00:\($0 < 10 ? "0" : "")\($0)") }
        let untyped = try load(Self.document([Self.track([fast])]))
        // Then both are rides, whose outlier speed allows a descent
        #expect(typed.sport == .cycling)
        #expect(untyped.sport == .cycling)
        #expect(TrackingSettings.standard(for: .cycling).fastestPlausibleSpeed > 25)
    }

    @Test func trackAndPaceAreRefusedForAJSONScenario() {
        let error = fixtures.error(Fixtures.scripted(segments: #"[{"pace": "5:30", "duration": 60}]"#),
                                   options: GPXReplayOptions(track: 1))
        #expect(error?.expected.contains("--track and --pace apply to GPX, TCX and FIT tracks") == true)
    }

    @Test func materunsOwnExportBringsBackEachFixsAccuracyAndTheMotionSensorsActivity() throws {
        // Given points as materun exports them: accuracy and activity in its own extension
        let points = (0..<10).map { second in
            Self.point(north: 3 * Double(second), at: "07:00:0\(second)",
                       extensions: "<materun:accuracy>12.0</materun:accuracy><materun:activity>\(second < 5 ? "still" : "running")</materun:activity>")
        }
        // When it loads
        let scenario = try load(Self.document([Self.track([points])]))
        // Then the fixes claim their accuracy and the motion is what the sensor said, still included
        #expect(scenario.locations.allSatisfy { $0.horizontalAccuracy == 12 })
        #expect(scenario.motions[2].activity == .still && scenario.motions[7].activity == .running)
    }
}
