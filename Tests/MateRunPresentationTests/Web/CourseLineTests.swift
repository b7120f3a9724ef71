import MateRunDomain
import MateRunPresentation
import MateRunTestSupport
import Testing

/// The course the page draws ahead of the runner: measured along itself, thinned, and matched to
/// the runner only near where they should be.
@Suite struct CourseLineTests {
    static let start = Coordinate(latitude: 55.95, longitude: -3.17)

    /// A straight course due east, a point every `step` metres, `count` points.
    static func eastward(count: Int, step: Double) -> [Coordinate] {
        (0..<count).map { GeodesicDirect.destination(from: start, azimuth: 90, metres: Double($0) * step).coordinate }
    }

    /// 1 km east and back the same way.
    static var outAndBack: [Coordinate] {
        let out = eastward(count: 101, step: 10)
        return out + out.reversed().dropFirst()
    }

    @Test func aPointIsFoundByItsDistanceAlongTheCourse() throws {
        // Given a straight kilometre, a point every 10 m
        let course = try #require(CourseLine(track: Self.eastward(count: 101, step: 10)))
        // When points are asked for by distance
        let middle = course.point(atMetres: 500)
        // Then the course is 1 km long, 500 m in is 500 m from the start, and a distance outside it is an end
        #expect(abs(course.lengthMetres - 1000) < 0.01)
        #expect(abs(Geodesic.distance(from: Self.start, to: middle) - 500) < 0.05)
        #expect(course.point(atMetres: -20) == course.points.first)
        #expect(course.point(atMetres: 5000) == course.points.last)
    }

    @Test func pointsCloserThanTheSpacingAreLeftOut() throws {
        // Given a kilometre with a point every metre
        let course = try #require(CourseLine(track: Self.eastward(count: 1001, step: 1), spacingMetres: 10))
        // Then every tenth is kept, the end too, and the length is the same
        #expect(course.points.count == 101)
        #expect(abs(course.lengthMetres - 1000) < 0.01)
    }

    @Test func aLongTrackIsThinnedToAtMostItsPointLimit() throws {
        // Given 20 km with a point every 5 m
        let course = try #require(CourseLine(track: Self.eastward(count: 4001, step: 5), maxPoints: 500))
        // Then no more than 500 points are sent, and the course is as long
        #expect(course.points.count <= 500)
        #expect(abs(course.lengthMetres - 20_000) < 1)
    }

    @Test func aTrackThatGoesNowhereIsNoCourse() {
        #expect(CourseLine(track: []) == nil)
        #expect(CourseLine(track: [Self.start, Self.start]) == nil)
        #expect(CourseLine(track: [Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 91, longitude: 0)]) == nil)
    }

    @Test func atTheTurnTheStretchNearerWhereTheRunnerShouldBeWins() throws {
        // Given an out-and-back, and a runner 10 m back from its turn, exactly where they passed 10 m before it
        let course = try #require(CourseLine(track: Self.outAndBack))
        let place = GeodesicDirect.destination(from: Self.start, azimuth: 90, metres: 990).coordinate
        // When matched where the runner should be, 1,008 m in
        // Then it is the way back, 1,010 m in, not the way out
        #expect(abs(course.nearestMetres(to: place, near: 1008, within: 150) - 1010) < 0.5)
    }

    @Test func aPlacePassedTwiceIsMatchedToTheStretchTheRunnerIsOn() throws {
        // Given an out-and-back, and a runner 300 m east of the start
        let course = try #require(CourseLine(track: Self.outAndBack))
        let place = GeodesicDirect.destination(from: Self.start, azimuth: 90, metres: 300).coordinate
        // When the place is matched on the way out, and on the way back
        let out = course.nearestMetres(to: place, near: 320, within: 150)
        let back = course.nearestMetres(to: place, near: 1680, within: 150)
        // Then it is 300 m in on the way out, 1,700 m in on the way back
        #expect(abs(out - 300) < 0.5)
        #expect(abs(back - 1700) < 0.5)
    }
}

/// The map's frame: fixed by a known course, grown in steps by a live track.
@Suite struct MapFrameTests {
    @Test func aFrameHoldingThePointIsKept() {
        let frame = MapFrame(south: 55, west: -3.2, north: 55.01, east: -3.18)
        #expect(frame.holding(Coordinate(latitude: 55.005, longitude: -3.19)) == frame)
    }

    @Test func aPointOutsideGrowsTheFrameByAQuarterOnEverySide() {
        // Given a frame, and a point beyond its north-east corner
        let frame = MapFrame(south: 55, west: -3.2, north: 55.01, east: -3.18)
        let grown = frame.holding(Coordinate(latitude: 55.02, longitude: -3.16))
        // Then the new frame holds both with a quarter of its size again on each side
        #expect(abs(grown.south - (55 - 0.005)) < 1e-9 && abs(grown.north - (55.02 + 0.005)) < 1e-9)
        #expect(abs(grown.west - (-3.2 - 0.01)) < 1e-9 && abs(grown.east - (-3.16 + 0.01)) < 1e-9)
    }

    @Test func aTrackMovingOnGrowsTheFrameAFewTimesNotEverySecond() {
        // Given a runner going east at 3 m/s for 30 minutes, in a frame first made around the start
        var frame = MapFrame(around: [CourseLineTests.start]).padded(share: 0.25)
        var changes = 0
        for second in 1...1800 {
            let point = GeodesicDirect.destination(from: CourseLineTests.start, azimuth: 60, metres: Double(second) * 3).coordinate
            let next = frame.holding(point)
            if next != frame { changes += 1 }
            frame = next
        }
        // Then the frame changed a handful of times in 1,800 fixes
        #expect(changes > 0 && changes < 40, "changed \(changes) times")
    }

    @Test func aFrameIsAtLeastTwoHundredMetresAcross() {
        let frame = MapFrame(around: [CourseLineTests.start]).padded(share: 0.25)
        let across = Geodesic.distance(
            from: Coordinate(latitude: frame.south, longitude: frame.west), to: Coordinate(latitude: frame.north, longitude: frame.west))
        #expect(across >= MapFrame.minimumMetres - 1)
    }
}
