import Foundation
@testable import MateRunScenarios
import MateRunDomain
import Testing

@Suite("Seeded GPS noise")
struct SeededNoiseTests {
    let fixtures = Fixtures()
    static let tenMinutes = #"[{"pace": "5:00", "duration": "10:00"}]"#

    @Test func theSameFileReplaysIdentically() throws {
        // Given a noisy scenario with outliers and elevation noise
        let json = Fixtures.scripted(segments: Self.tenMinutes, gps: """
            {"noise_m": 6, "elevation_noise_m": 1, "seed": 42, "outliers": {"every_s": 120, "distance_m": 300}}
            """)
        // When it is loaded twice
        let first = try fixtures.load(json: json, name: "a.json")
        let second = try fixtures.load(json: json, name: "b.json")
        // Then every sample is identical
        #expect(first.locations == second.locations)
        #expect(first.motions == second.motions)
    }

    @Test func anotherSeedGivesOtherNoise() throws {
        let one = try fixtures.load(json: Fixtures.scripted(segments: Self.tenMinutes, gps: #"{"noise_m": 6, "seed": 1}"#))
        let two = try fixtures.load(json: Fixtures.scripted(segments: Self.tenMinutes, gps: #"{"noise_m": 6, "seed": 2}"#))
        #expect(one.locations != two.locations)
    }

    @Test func positionNoiseHasRoughlyTheConfiguredSigma() throws {
        // Given the same run with and without 6 m noise over an hour of fixes
        let hour = #"[{"pace": "6:00", "duration": "60:00"}]"#
        let clean = try fixtures.load(json: Fixtures.scripted(segments: hour, gps: #"{"seed": 9}"#))
        let noisy = try fixtures.load(json: Fixtures.scripted(segments: hour, gps: #"{"noise_m": 6, "seed": 9}"#))
        // When the offsets from the true positions are measured east and north
        let scale = ScenarioMath.metresPerDegree(atLatitude: 40)
        let north = zip(clean.locations, noisy.locations).map { ($1.coordinate.latitude - $0.coordinate.latitude) * scale.latitude }
        let east = zip(clean.locations, noisy.locations).map { ($1.coordinate.longitude - $0.coordinate.longitude) * scale.longitude }
        // Then each axis has a mean near 0 and a standard deviation near 6 m
        for axis in [north, east] {
            let mean = axis.reduce(0, +) / Double(axis.count)
            let sigma = (axis.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(axis.count)).squareRoot()
            #expect(abs(mean) < 0.5)
            #expect(abs(sigma - 6) < 0.4, "sigma \(sigma)")
        }
        // And fixes report a 68% radius for that noise
        #expect(noisy.locations.allSatisfy { $0.horizontalAccuracy == 9 })
    }

    @Test func correlatedNoiseWandersInsteadOfJumping() {
        // Given white noise and noise with a 10 s correlation time, both with σ = 6 m
        var white = CorrelatedNoise(sigma: 6, correlationSeconds: 0)
        var wandering = CorrelatedNoise(sigma: 6, correlationSeconds: 10)
        var draws = SeededRandom(seed: 11)
        var whiteSteps: [Double] = [], wanderingSteps: [Double] = [], wanderingValues: [Double] = []
        var previous = (white: 0.0, wandering: 0.0)
        // When ten thousand fixes a second apart are drawn
        for second in 0..<10_000 {
            let draw = draws.normalPair()
            let w = white.next(at: Double(second), draw: draw).east
            let c = wandering.next(at: Double(second), draw: draw).east
            if second > 0 {
                whiteSteps.append(w - previous.white)
                wanderingSteps.append(c - previous.wandering)
            }
            wanderingValues.append(c)
            previous = (w, c)
        }
        // Then fix-to-fix steps are much smaller, while the spread stays about σ
        func rms(_ values: [Double]) -> Double { (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot() }
        #expect(rms(wanderingSteps) < rms(whiteSteps) / 2)
        #expect(abs(rms(wanderingValues) - 6) < 1)
    }

    @Test func signalLossDropsFixesButNotMotion() throws {
        // Given a 35 s signal loss from 2:00 to 2:35
        let scenario = try fixtures.load(json: Fixtures.scripted(
            segments: Self.tenMinutes, gps: #"{"signal_loss": [{"from": "2:00", "to": "2:35"}]}"#))
        // Then no fix falls in the window, and motion still comes every second
        #expect(!scenario.locations.contains { (120...155).contains($0.time) })
        #expect(scenario.locations.count == 601 - 36)
        #expect(scenario.motions.count == 601)
    }

    @Test func outliersJumpByTheConfiguredDistance() throws {
        // Given four outliers of 300 m over a noise-free run
        let clean = try fixtures.load(json: Fixtures.scripted(segments: Self.tenMinutes, gps: #"{"seed": 3}"#))
        let jumpy = try fixtures.load(json: Fixtures.scripted(
            segments: Self.tenMinutes, gps: #"{"seed": 3, "outliers": {"count": 4, "distance_m": 300}}"#))
        // When each fix is compared with the true one
        let offsets = zip(clean.locations, jumpy.locations).map { Geodesic.distance(from: $0.coordinate, to: $1.coordinate) }
        // Then exactly four fixes are 300 m off and the rest are exact
        #expect(offsets.filter { abs($0 - 300) < 3 }.count == 4)
        #expect(offsets.filter { $0 > 0.001 }.count == 4)
    }

    @Test func theGeneratorIsStableAcrossBuilds() {
        // Given the xoshiro256** generator seeded through SplitMix64
        var random = SeededRandom(seed: 0)
        // Then its first outputs are fixed forever (a changed value would change every scenario)
        let first = (0..<3).map { _ in random.next() }
        var again = SeededRandom(seed: 0)
        #expect(first == (0..<3).map { _ in again.next() })
        #expect(Set(first).count == 3)
        #expect((0..<1000).allSatisfy { _ in (0..<1).contains(random.unit()) })
    }
}
