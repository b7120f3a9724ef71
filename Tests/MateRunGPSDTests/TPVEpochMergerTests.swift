import MateRunDomain
@testable import MateRunGPSD
import Testing

@Suite struct TPVEpochMergerTests {
    /// 2005-06-08T10:34:48Z.
    private let t0 = 1_118_226_888.0

    private func take(_ lines: [String], into merger: inout TPVEpochMerger) -> [ReceiverFix] {
        lines.compactMap { merger.take(line: Array($0.utf8)) }
    }

    @Test func reportsOfOneEpochMergeIntoOneFixHandedOutWhenTheNextBegins() {
        // Given three TPVs of one epoch, each telling part of the fix, then one of the next epoch
        var merger = TPVEpochMerger()
        let lines = [
            #"{"class":"TPV","device":"/dev/ttyS0","mode":2,"time":"2005-06-08T10:34:48.000Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:48.000Z","lat":46.5,"lon":6.5,"altHAE":410.5,"eph":7.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:48.000Z","lat":46.5,"lon":6.5,"speed":3.25,"track":92.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49.000Z","lat":46.50003,"lon":6.5}"#,
        ]
        // When
        let fixes = take(lines, into: &merger)
        // Then the first epoch comes out once, with every field its reports told
        #expect(fixes == [
            ReceiverFix(
                unixTime: t0, coordinate: Coordinate(latitude: 46.5, longitude: 6.5), altitude: 410.5,
                horizontalAccuracy: 7.5, speed: 3.25, course: 92.5),
        ])
        #expect(merger.counts.total == 0)
        // And the second comes out when flushed
        #expect(merger.flush()?.unixTime == t0 + 1)
        #expect(merger.flush() == nil)
    }

    @Test func noFixModesAndMissingPositionsAreCountedNotHandedOut() {
        // Given reports without a fix: mode 0 and 1, and a mode 2 without a position
        var merger = TPVEpochMerger()
        let lines = [
            #"{"class":"TPV","mode":1,"time":"2005-06-08T10:34:48Z"}"#,
            #"{"class":"TPV","mode":0}"#,
            #"{"class":"TPV","mode":2,"time":"2005-06-08T10:34:49Z"}"#,
            #"{"class":"TPV","mode":2,"time":"2005-06-08T10:34:50Z","lat":0,"lon":0}"#,
        ]
        // When
        let fixes = take(lines, into: &merger)
        // Then
        #expect(fixes.isEmpty)
        #expect(merger.flush() == nil)
        #expect(merger.counts.noFix == 4)
    }

    @Test func aReportWithoutAFixAfterTheHeldEpochHandsItOutAtOnce() {
        // Given a held epoch with a fix, then a report without a fix of the same epoch
        var merger = TPVEpochMerger()
        let fix = #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:48Z","lat":46.5,"lon":6.5}"#
        let sameEpoch = #"{"class":"TPV","mode":1,"time":"2005-06-08T10:34:48Z"}"#
        #expect(take([fix, sameEpoch], into: &merger).isEmpty)
        // When the receiver reports the next second without a fix (the sky is lost)
        let lost = take([#"{"class":"TPV","mode":1,"time":"2005-06-08T10:34:49Z"}"#], into: &merger)
        // Then the held fix is handed out then, not when a fix comes back, and nothing is held
        #expect(lost.map(\.unixTime) == [t0])
        #expect(merger.flush() == nil)
        // And a report without a fix or a time, or of an earlier time, leaves the next held
        // epoch held (it cannot tell that epoch is over)
        #expect(take([#"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:50Z","lat":46.5,"lon":6.5}"#], into: &merger).isEmpty)
        #expect(take([#"{"class":"TPV","mode":0}"#, #"{"class":"TPV","mode":1,"time":"2005-06-08T10:34:49Z"}"#], into: &merger).isEmpty)
        #expect(merger.flush()?.unixTime == t0 + 2)
        #expect(merger.counts.noFix == 4)
    }

    @Test func garbageWrongTypesAndImpossibleNumbersAreDroppedAndCounted() {
        // Given what an impostor on the port might send, between two good epochs
        var merger = TPVEpochMerger()
        let good = #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:48Z","lat":46.5,"lon":6.5}"#
        let lines = [
            good,
            "not json at all",
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":NaN,"lon":6.5}"#,
            #"{"class":"TPV","mode":"3","time":"2005-06-08T10:34:49Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":1118226889,"lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":"46.5","lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":1e999,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":91,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-13-08T10:34:49Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":46.5,"lon":6.5,"eph":"big"}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":46.5,"lon":6.5,"speed":-4}"#,
            "[1,2,3]",
            #"{"class":"SKY","satellites":[]}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:50Z","lat":46.5,"lon":6.50002}"#,
        ]
        // When
        let fixes = take(lines, into: &merger)
        // Then only the good epochs are fixes, and every bad report is counted by its reason
        #expect(fixes.map(\.unixTime) == [t0])
        #expect(merger.flush()?.unixTime == t0 + 2)
        #expect(merger.counts.garbage == 3)
        #expect(merger.counts.malformed == 8)
        #expect(merger.counts.total == 11)
    }

    @Test func aReportWhoseTimeGoesBackIsDropped() {
        // Given an epoch handed out, then a report from before it and one from the held epoch's past
        var merger = TPVEpochMerger()
        let lines = [
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:50Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:51Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:50Z","lat":46.6,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:40Z","lat":46.6,"lon":6.5}"#,
        ]
        // When
        let fixes = take(lines, into: &merger)
        // Then
        #expect(fixes.map(\.unixTime) == [t0 + 2])
        #expect(merger.counts.timeWentBack == 2)
        #expect(merger.flush()?.unixTime == t0 + 3)
    }

    /// Two reports an epoch (as gpsd makes of a GGA and an RMC), at `time` seconds after t0,
    /// `north` metres north of 46.5° N 6.5° E.
    private func epoch(at time: Double, north: Double) -> [String] {
        let seconds = 48 + time
        let clock = "10:\(34 + Int(seconds) / 60):" + (Int(seconds) % 60 < 10 ? "0" : "") + "\(Int(seconds) % 60)"
        let latitude = 46.5 + north / 111_180
        return [
            #"{"class":"TPV","mode":3,"time":"2005-06-08T"# + clock + #"Z","lat":"# + "\(latitude)" + #","lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T"# + clock + #"Z","lat":"# + "\(latitude)" + #","lon":6.5,"speed":3}"#,
        ]
    }

    @Test func aClockSteppingBackWhileThePositionCarriesOnIsReanchoredOneIntervalOnAndNoFixIsLost() {
        // Given a receiver a fix a second, running at 3 m/s, whose clock steps back 13 s after
        // its tenth fix while its position carries on
        var merger = TPVEpochMerger()
        let before = (0..<10).flatMap { epoch(at: Double($0), north: 3 * Double($0)) }
        let after = (10..<20).flatMap { epoch(at: Double($0) - 13, north: 3 * Double($0)) }
        // When
        var fixes = take(before + after, into: &merger)
        fixes += [merger.flush()].compactMap { $0 }
        // Then every fix comes out, a second apart, the step counted as such and nothing dropped
        #expect(fixes.count == 20)
        #expect(fixes.map { $0.unixTime - t0 } == (0..<20).map(Double.init))
        #expect(merger.clockStepsBack.count == 1)
        #expect(abs(merger.clockStepsBack.latestSeconds - 13) < 1e-9)
        #expect(merger.counts.total == 0)
    }

    @Test func aClockSteppingBackToSomewhereElseIsStillDropped() {
        // Given twenty fixes, then the receiver's first fixes again (a log played from its start):
        // 57 m back along the way, farther than a runner goes in a second
        var merger = TPVEpochMerger()
        let lines = (0..<20).flatMap { epoch(at: Double($0), north: 3 * Double($0)) } + epoch(at: 0, north: 0) + epoch(at: 1, north: 3)
        // When
        let fixes = take(lines, into: &merger)
        // Then the replayed epochs are dropped as going back, and the clock is not re-anchored
        #expect(fixes.count == 19)
        #expect(merger.clockStepsBack.count == 0)
        #expect(merger.counts.timeWentBack == 4)
    }

    /// With and without a report of no fix at the right time between the day-ahead epoch and
    /// the fix after it (a stretch without a fix across midnight): that report must not hand the
    /// day-ahead epoch out, or every later fix would go back.
    @Test(arguments: [[], [#"{"class":"TPV","mode":1,"time":"2005-06-08T10:34:50Z"}"#]] as [[String]])
    func anEpochDatedADayAheadIsDroppedWhenTheReportsAfterItFallBack(noFix: [String]) {
        // Given an epoch handed out, then one a day ahead (gpsd's GGA after a midnight roll-over)
        // followed by the same fix correctly dated by its RMC, and the next epoch
        var merger = TPVEpochMerger()
        let lines = [
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:48Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-09T10:34:50Z","lat":46.5,"lon":6.5}"#,
        ] + noFix + [
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:50Z","lat":46.5,"lon":6.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:51Z","lat":46.5,"lon":6.5}"#,
        ]
        // When
        let fixes = take(lines, into: &merger)
        // Then the run goes on in the right day, and the jump is counted
        #expect(fixes.map(\.unixTime) == [t0, t0 + 1, t0 + 2])
        #expect(merger.counts.timeJumped == 1)
        #expect(merger.counts.timeWentBack == 0)
    }

    @Test func accuracyFallsBackToEpxEpyAndAltitudeToMSLThenAlt() {
        // Given reports without eph or altHAE
        var merger = TPVEpochMerger()
        let lines = [
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:48Z","lat":46.5,"lon":6.5,"epx":3,"epy":4,"altMSL":12.5}"#,
            #"{"class":"TPV","mode":3,"time":"2005-06-08T10:34:49Z","lat":46.5,"lon":6.5,"alt":99}"#,
        ]
        // When
        let first = take(lines, into: &merger).first
        let second = merger.flush()
        // Then
        #expect(first?.horizontalAccuracy == 5)
        #expect(first?.altitude == 12.5)
        #expect(second?.altitude == 99)
        #expect(second?.horizontalAccuracy == nil)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("2005-06-08T10:34:48Z", 1_118_226_888.0),
        ("2005-06-08T10:34:48.250Z", 1_118_226_888.25),
        ("2026-11-23T08:00:00.000Z", 1_795_420_800.0),
    ] as [(String, Double)])
    func gpsdTimesReadAsUnixSeconds(text: String, seconds: Double) {
        #expect(GPSDTime.unixSeconds(text) == seconds)
    }

    @Test(arguments: ["2005-06-08 10:34:48Z", "2005-06-08T10:34:48", "2005-06-08T25:34:48Z", "2005-06-08T10:34:48.Z", "x"])
    func malformedTimesAreRefused(text: String) {
        #expect(GPSDTime.unixSeconds(text) == nil)
    }
}
