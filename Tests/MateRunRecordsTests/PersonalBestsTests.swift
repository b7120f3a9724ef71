import MateRunDomain
import Testing

@Suite struct PersonalBestsTests {
    @Test func aSteadyRunHasBestsAtItsPace() {
        // Given 6 km at exactly 300 s/km, a point every 10 m
        let track = Tracks.steady(metres: 6000, secondsPerKilometre: 300, step: 10)
        // When
        let bests = PersonalBests(track: track)
        // Then
        #expect(abs((bests[.oneKilometre]?.movingSeconds ?? 0) - 300) < 1e-6)
        #expect(abs((bests[.fiveKilometres]?.movingSeconds ?? 0) - 1500) < 1e-6)
        #expect(bests[.tenKilometres] == nil)
    }

    @Test func theFastestKilometreMayStartBetweenTwoPoints() {
        // Given 2000 m at 0.3 s/m, 500 m at 0.2 s/m, then 1500 m at 0.4 s/m, one point per piece
        let track = [
            Tracks.fix(distance: 0, moving: 0), Tracks.fix(distance: 2000, moving: 600),
            Tracks.fix(distance: 2500, moving: 700), Tracks.fix(distance: 4000, moving: 1300),
        ]
        // When
        let best = PersonalBests(track: track)[.oneKilometre]
        // Then the best kilometre is 500 m before the fast piece and the fast piece: it starts at
        // 1500 m, half-way between the first two points, and takes 150 + 100 = 250 s
        #expect(abs((best?.movingSeconds ?? 0) - 250) < 1e-9)
        #expect(abs((best?.startMetres ?? 0) - 1500) < 1e-9)
    }

    @Test func theFastestKilometreIsFoundInsideTheRunNotAtItsStart() {
        // Given 300 s/km except 2300 … 3300 m at 240 s/km, a point every 100 m
        let pace = { (metres: Double) -> Double in (2300...3300).contains(metres) ? 0.24 : 0.3 }
        let track = Tracks.withPace(metres: 6000, step: 100, secondsPerMetre: pace)
        // When
        let best = PersonalBests(track: track)[.oneKilometre]
        // Then
        #expect(abs((best?.movingSeconds ?? 0) - 240) < 1e-6)
        #expect(abs((best?.startMetres ?? 0) - 2300) < 1e-6)
    }

    @Test func standingStillBeforeOrAfterAStretchDoesNotCountAgainstIt() {
        // Given 0 … 1000 m in 300 s, a stand at 1000 m counted as 100 moving seconds, then
        // 1000 … 2000 m in 250 s
        let track = [
            Tracks.fix(distance: 0, moving: 0), Tracks.fix(distance: 1000, moving: 300),
            Tracks.fix(distance: 1000, moving: 400), Tracks.fix(distance: 2000, moving: 650),
        ]
        // When
        let best = PersonalBests(track: track)[.oneKilometre]
        // Then the second kilometre counts from the end of the stand
        #expect(best?.movingSeconds == 250)
        #expect(best?.startMetres == 1000)
    }

    @Test func aTrackShorterThanADistanceHasNoBestForIt() {
        let track = Tracks.steady(metres: 999, secondsPerKilometre: 300, step: 1)
        #expect(PersonalBests(track: track).efforts.isEmpty)
        #expect(PersonalBests(track: []).efforts.isEmpty)
    }

    @Test func aMarathonTrackHasEveryBest() {
        let track = Tracks.steady(metres: 42_195, secondsPerKilometre: 360, step: 3)
        let bests = PersonalBests(track: track)
        #expect(Set(bests.efforts.keys) == Set(BestDistance.allCases))
        #expect(abs((bests[.halfMarathon]?.movingSeconds ?? 0) - 21.0975 * 360) < 1e-6)
        #expect(abs((bests[.marathon]?.movingSeconds ?? 0) - 42.195 * 360) < 1e-6)
    }

    @Test func theTwoPointerAnswerMatchesABruteForceSearchOnUnevenTracks() {
        // Given tracks with random steps and random paces (a fixed generator, so always the same)
        var random = SplitMix(seed: 7)
        for _ in 0..<8 {
            var track = [Tracks.fix(distance: 0, moving: 0)]
            while track.count < 120 {
                let last = track[track.count - 1]
                let step = random.next(in: 0...40)
                let seconds = step * random.next(in: 0.18...0.5) + (step == 0 ? 0 : random.next(in: 0...0.5))
                track.append(Tracks.fix(distance: last.distanceMetres + step, moving: last.movingSeconds + seconds))
            }
            // When
            let found = PersonalBests(track: track)[.oneKilometre]?.movingSeconds
            // Then no start on a 0.5 m grid beats it, and the grid's best is close to it
            let brute = Tracks.bruteForceBest(track, length: 1000, gridStep: 0.5)
            #expect(found != nil)
            #expect((found ?? 0) <= brute + 1e-6)
            #expect(brute - (found ?? 0) < 0.5)
        }
    }

    @Test func aFastStretchEarlyInALongRunIsFoundAfterThePointsBeforeItWereLetGo() {
        // Given 100 km at 300 s/km, a point every metre (the search lets go of what every walk
        // has passed), except 2000 … 3000 m at 240 s/km
        let pace = { (metres: Double) -> Double in metres > 2000 && metres <= 3000 ? 0.24 : 0.3 }
        let track = Tracks.withPace(metres: 100_000, step: 1, secondsPerMetre: pace)
        // When the points come one at a time, as a kept run's do
        var search = BestEffortSearch()
        for fix in track { search.add(distance: fix.distanceMetres, moving: fix.movingSeconds) }
        let bests = search.bests()
        // Then the fast kilometre, and every longer best that holds it, starts where it was run
        #expect(abs((bests[.oneKilometre]?.movingSeconds ?? 0) - 240) < 1e-6)
        #expect(abs((bests[.oneKilometre]?.startMetres ?? 0) - 2000) < 1e-6)
        #expect(abs((bests[.fiveKilometres]?.movingSeconds ?? 0) - (4000 * 0.3 + 240)) < 1e-6)
        #expect(abs((bests[.marathon]?.movingSeconds ?? 0) - (41_195 * 0.3 + 240)) < 1e-6)
        #expect((bests[.marathon]?.startMetres ?? .infinity) <= 2000)
    }

    @Test func distancesTooLargeToTakeAKilometreFromAreSearchedWithoutReadingPastTheTrack() {
        // Given a damaged journal's distances, so large that a kilometre is below their precision
        let track = [
            Tracks.fix(distance: -1e19, moving: 0), Tracks.fix(distance: 1e19, moving: 10),
            Tracks.fix(distance: 2e19, moving: 20),
        ]
        // When its bests are searched (a read past the points would trap in this debug build)
        let bests = PersonalBests(track: track)
        // Then whatever is found is a time, never garbage
        #expect(bests.efforts.values.allSatisfy { $0.movingSeconds.isFinite && $0.movingSeconds >= 0 })
    }

    @Test func mergingKeepsTheFasterEffortPerDistance() {
        let id1 = RunRecordID("a"), id2 = RunRecordID("b")
        let first = PersonalBests(efforts: [.oneKilometre: BestEffort(movingSeconds: 250, startMetres: 0, runID: id1)])
        let second = PersonalBests(efforts: [
            .oneKilometre: BestEffort(movingSeconds: 260, startMetres: 0, runID: id2),
            .fiveKilometres: BestEffort(movingSeconds: 1400, startMetres: 0, runID: id2),
        ])
        let merged = first.merged(with: second)
        #expect(merged[.oneKilometre]?.runID == id1)
        #expect(merged[.fiveKilometres]?.runID == id2)
    }
}
