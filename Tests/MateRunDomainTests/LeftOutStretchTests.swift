import MateRunDomain
import MateRunTestSupport
import Testing

@Suite("What the tracker leaves out is named: a drive, a jump")
struct LeftOutStretchTests {
    let runner = RunnerProfile(name: "Ada", weightKilograms: 60)

    private func finished(_ track: TrackBuilder, settings: TrackingSettings = .standard) -> RunSummary {
        var session = RunSession(profile: runner, goalMetres: nil, settings: settings)
        for sample in track.samples { session.record(sample) }
        return session.finish(.sensorsEnded, at: track.samples.last?.time ?? 0)
    }

    @Test func aDriveInTheMiddleIsLeftOutWithItsLengthAndTimes() throws {
        // Given 1000 s of running at 3 m/s, a 600 s drive at 25 m/s, and 1000 s more running
        var track = TrackBuilder(seed: 7)
        track.north(speed: 3, seconds: 1000, noise: 3)
        track.north(speed: 25, seconds: 600, noise: 3)
        track.north(speed: 3, seconds: 1000, noise: 3)
        // When the session replays it to the end
        let summary = finished(track)
        // Then the distance is the running only, within 1%
        #expect(abs(summary.snapshot.distanceMetres - 6000) / 6000 < 0.01, "measured \(summary.snapshot.distanceMetres)")
        // And the drive is named: too fast, its 15 km within 1%, from its start to the track's restart
        let stretch = try #require(summary.leftOut.first)
        #expect(summary.leftOut.count == 1, "\(summary.leftOut)")
        #expect(stretch.reason == .tooFast)
        #expect(abs(stretch.distanceMetres - 15_000) / 15_000 < 0.01, "left out \(stretch.distanceMetres)")
        #expect(abs(stretch.fromSeconds - 1000) <= 2, "from \(stretch.fromSeconds)")
        #expect(stretch.toSeconds >= 1600 && stretch.toSeconds <= 1605, "to \(stretch.toSeconds)")
    }

    @Test func aTeleportIsAJumpTheTrackRestartsAcross() throws {
        // Given 500 s of running, then the receiver's fixes 2 km further on, and 500 s more
        var track = TrackBuilder(seed: 8)
        track.north(speed: 3, seconds: 500, noise: 3)
        track.signalLoss(speed: 2000, seconds: 1)
        track.north(speed: 3, seconds: 500, noise: 3)
        // When the session replays it to the end
        let summary = finished(track)
        // Then the jump is not counted (the running is, within 2% in 3 m of noise), and it is
        // named with its 2 km and its moment
        #expect(abs(summary.snapshot.distanceMetres - 3000) / 3000 < 0.02, "measured \(summary.snapshot.distanceMetres)")
        let stretch = try #require(summary.leftOut.first)
        #expect(summary.leftOut.count == 1, "\(summary.leftOut)")
        #expect(stretch.reason == .jump)
        #expect(abs(stretch.distanceMetres - 2000) / 2000 < 0.02, "left out \(stretch.distanceMetres)")
        #expect(stretch.fromSeconds == 500)
        #expect(stretch.toSeconds >= 501 && stretch.toSeconds <= 505, "to \(stretch.toSeconds)")
    }

    @Test func aRunThatEndsInTheCarLeavesOutTheDriveToItsLastFix() throws {
        // Given 500 s of running, then a drive at 25 m/s until the fixes end
        var track = TrackBuilder(seed: 9)
        track.north(speed: 3, seconds: 500)
        track.north(speed: 25, seconds: 300)
        // When the session replays it to the end
        let summary = finished(track)
        // Then the drive up to the last fix is named, though the track never restarted
        let stretch = try #require(summary.leftOut.first)
        #expect(stretch.reason == .tooFast)
        #expect(abs(stretch.distanceMetres - 7500) / 7500 < 0.01, "left out \(stretch.distanceMetres)")
        #expect(stretch.toSeconds == 800)
    }

    @Test func noiseOutliersLeaveNothingOut() {
        // Given a run with one fix thrown 300 m east mid-run, and two more as its last fixes
        var track = TrackBuilder()
        track.north(speed: 3, seconds: 100)
        var wild = track.current
        wild.longitude += 300 / 78_847
        track.addFix(wild)
        track.north(speed: 3, seconds: 99)
        track.addFix(wild)
        track.addFix(wild)
        // When the session replays it to the end
        let summary = finished(track)
        // Then nothing is named: the track went on across the first, and two at the end are fewer
        // than would restart it (the first is not counted with them: the track went on after it)
        #expect(summary.leftOut.isEmpty, "\(summary.leftOut)")
    }

    @Test func aBikeKeepsAPaceADriveOnFootWouldLose() {
        // Given a ride at 15 m/s, faster than anyone runs
        var track = TrackBuilder(seed: 10)
        track.north(speed: 15, seconds: 600, noise: 3)
        // When the session replays it with a cyclist's settings
        let summary = finished(track, settings: .standard(for: .cycling))
        // Then all of it counts and nothing is left out
        #expect(summary.leftOut.isEmpty, "\(summary.leftOut)")
        #expect(abs(summary.snapshot.distanceMetres - 9000) / 9000 < 0.01, "measured \(summary.snapshot.distanceMetres)")
    }
}
