import MateRunDomain
@testable import MateRunScenarios
import MateRunTestSupport
import Testing

@Suite("Motion updates inferred from fixes, as the fixes are made")
struct MotionInferenceTests {
    private typealias Reading = MotionTimeline.BodyReading

    /// A fix `metres` north of 47° N, 8° E.
    private func fix(_ time: Double, northMetres metres: Double) -> LocationSample {
        LocationSample(time: time, coordinate: Coordinate(latitude: 47 + metres / 111_200, longitude: 8))
    }

    @Test func eachSecondTakesTheReadingOfTheLatestFixAndTheSpeedOfItsLeg() {
        // Given a walk to 2.5 s (1 m/s), then a run to 5 s (4 m/s), the heart rate given at each fix
        let fixes = [fix(0, northMetres: 0), fix(2.5, northMetres: 2.5), fix(5, northMetres: 12.5)]
        let readings = [Reading(heartRate: 100), Reading(heartRate: 120), Reading(heartRate: 140)]
        // When the updates are inferred
        let motions = MotionTimeline.inferred(from: fixes, body: readings)
        // Then seconds 0-2 are the first leg's, 3-4 the second's, and 5 the last fix's (its leg the last)
        #expect(motions.map(\.time) == [0, 1, 2, 3, 4, 5])
        #expect(motions.map(\.activity) == [.walking, .walking, .walking, .running, .running, .running])
        #expect(motions.map(\.heartRate) == [100, 100, 100, 120, 120, 140])
    }

    @Test func aReadingsOwnActivityWinsOverTheSpeedAndALegWithoutTimeKeepsTheOneBefore() {
        // Given a run and a walk, each ending with a fix at the same time 100 m on (a jump), the
        // first fix saying still
        let run = [fix(0, northMetres: 0), fix(2, northMetres: 8), fix(2, northMetres: 108)]
        let walk = [fix(0, northMetres: 0), fix(2, northMetres: 2), fix(2, northMetres: 102)]
        let readings = [Reading(activity: .still), Reading(), Reading()]
        // When the updates are inferred
        let running = MotionTimeline.inferred(from: run, body: readings)
        let walking = MotionTimeline.inferred(from: walk, body: readings)
        // Then the first fix's seconds are still, and the last second is the leg before the jump's
        #expect(running.map(\.activity) == [.still, .still, .running])
        #expect(walking.map(\.activity) == [.still, .still, .walking])
    }

    @Test func theLastUpdateIsTheLastFixsWholeSecondAndNoneBeforeAFixBeforeTheStart() {
        // Given a fix at 2.9999999999 s (a second less a rounding error) and one fix alone
        let nearlyThree = MotionTimeline.inferred(from: [fix(0, northMetres: 0), fix(3 - 1e-10, northMetres: 3)])
        let alone = MotionTimeline.inferred(from: [fix(1.5, northMetres: 0)])
        let beforeTheStart = MotionTimeline.inferred(from: [fix(-2, northMetres: 0)])
        // Then the first has an update at 3 s, the lone fix's seconds are walking, and none precede the start
        #expect(nearlyThree.map(\.time) == [0, 1, 2, 3])
        #expect(alone.map(\.time) == [0, 1])
        #expect(alone.allSatisfy { $0.activity == .walking })
        #expect(beforeTheStart.isEmpty)
    }

    @Test func updatesMadeFixByFixAreTheDefinitionsOnSeededTracks() {
        // Given 200 seeded tracks with repeated times, standing, walking and running legs, and
        // readings on some fixes only
        var random = SplitMix64(seed: 0x6D6F_7469_6F6E)
        for _ in 0..<200 {
            var time = Double(Int.random(in: 0...3, using: &random))
            var north = 0.0
            var fixes: [LocationSample] = []
            var readings: [Reading] = []
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                fixes.append(fix(time, northMetres: north))
                readings.append(Bool.random(using: &random) ? Reading(heartRate: Double(Int.random(in: 90...190, using: &random))) : Reading())
                time += [0, 0.4, 1, 1.7, 3][Int.random(in: 0...4, using: &random)]
                north += Double.random(in: 0...12, using: &random)
            }
            // When the updates are inferred
            let motions = MotionTimeline.inferred(from: fixes, body: readings)
            // Then they are what the definition says, second by second
            #expect(motions == definition(fixes, readings))
        }
    }

    @Test func aLegNearTheWalkingSpeedIsClassedByItsLengthOnTheEllipsoid() {
        // Given 20,000 seeded legs of 0.95 to 1.05 times the walking speed, from 1 s to 30 min
        // long, in every direction, at every latitude below 89° and across the antimeridian
        var random = SplitMix64(seed: 0x6C65_6773)
        for _ in 0..<20_000 {
            let start = Coordinate(latitude: .random(in: -89...89, using: &random), longitude: .random(in: -180...180, using: &random))
            let seconds = [1, 2.5, 60, 1800][Int.random(in: 0...3, using: &random)]
            let metres = Activity.walkingBelowSpeed * seconds * .random(in: 0.95...1.05, using: &random)
            let end = GeodesicDirect.destination(from: start, azimuth: .random(in: 0..<360, using: &random), metres: metres).coordinate
            // When the updates of the leg are inferred
            let motions = MotionTimeline.inferred(from: [fix(at: start, time: 0), fix(at: end, time: seconds)])
            // Then each is what the leg's geodesic length says
            let expected = Activity.inferred(fromSpeed: Geodesic.distance(from: start, to: end) / seconds)
            #expect(motions.allSatisfy { $0.activity == expected }, "\(metres) m in \(seconds) s from \(start)")
        }
    }

    private func fix(at coordinate: Coordinate, time: Double) -> LocationSample {
        LocationSample(time: time, coordinate: coordinate)
    }

    /// Each whole second from 0 to the last fix's: the reading of the latest fix at or before it
    /// (the first fix before it), and the activity of the speed over the leg from that fix to the
    /// next (the last leg after the last fix; a leg without time, the leg before's speed).
    private func definition(_ fixes: [LocationSample], _ readings: [Reading]) -> [MotionSample] {
        guard let last = fixes.last, last.time >= 0 else { return [] }
        var speeds: [Double] = []
        for index in fixes.indices.dropFirst() {
            let dt = fixes[index].time - fixes[index - 1].time
            speeds.append(dt > 0 ? Geodesic.distance(from: fixes[index - 1].coordinate, to: fixes[index].coordinate) / dt : speeds.last ?? 0)
        }
        return (0...Int((last.time + 1e-9).rounded(.down))).map { whole in
            let second = Double(whole)
            let latest = fixes.lastIndex { $0.time <= second } ?? 0
            let speed = speeds.isEmpty ? 0 : speeds[min(latest, speeds.count - 1)]
            let reading = readings[latest]
            return MotionSample(
                time: second, activity: reading.activity ?? Activity.inferred(fromSpeed: speed),
                activityIsInferred: reading.activity == nil, cadence: reading.cadence, heartRate: reading.heartRate)
        }
    }
}
