import MateRunDomain
import MateRunPresentation
import MateRunTestSupport
import Testing

/// Where the page puts the others: on the course at their distance, or on the runner's trail.
@Suite struct RunnersOnCourseTests {
    private func at(_ metres: Double) -> Coordinate {
        GeodesicDirect.destination(from: CourseLineTests.start, azimuth: 90, metres: metres).coordinate
    }

    @Test func someoneLevelWithTheRunnerStandsOnTheRunnersPlace() throws {
        // Given an out-and-back course, and a runner on the way back, 1,700 m in, whose tracker says 1,690 m
        var map = RunnersOnCourse(course: CourseLine(track: CourseLineTests.outAndBack))
        for metres in stride(from: 0.0, through: 1700, by: 10) {
            let place = metres <= 1000 ? at(metres) : at(2000 - metres)
            _ = map.runner(distanceMetres: metres - metres / 170, position: place)
        }
        // When a ghost at the runner's distance and one 200 m behind are placed
        let level = try #require(map.place(distanceMetres: 1690))
        let behind = try #require(map.place(distanceMetres: 1490))
        // Then the first is on the runner (on the way back, not the way out), the second 200 m back along the course
        #expect(Geodesic.distance(from: level.point, to: at(300)) < 1)
        #expect(abs((level.courseMetres ?? 0) - 1700) < 1)
        #expect(abs((behind.courseMetres ?? 0) - 1500) < 1)
        #expect(Geodesic.distance(from: behind.point, to: at(500)) < 1)
        #expect(level.place == .course)
    }

    @Test func someoneFurtherThanTheCourseStandsAtItsEnd() throws {
        var map = RunnersOnCourse(course: CourseLine(track: CourseLineTests.outAndBack))
        _ = map.runner(distanceMetres: 100, position: at(100))
        let beyond = try #require(map.place(distanceMetres: 9000))
        #expect(beyond.courseMetres == map.course?.lengthMetres)
    }

    @Test func theFrameOfAKnownCourseIsFixedFromTheStart() {
        // Given a known course
        var map = RunnersOnCourse(course: CourseLine(track: CourseLineTests.outAndBack))
        let first = map.frame
        // When the runner goes along it
        for metres in stride(from: 0.0, through: 1000, by: 50) { _ = map.runner(distanceMetres: metres, position: at(metres)) }
        // Then the frame was there before the first fix and never changed
        #expect(first != nil)
        #expect(map.frame == first)
    }

    @Test func withoutACourseOthersGoOnTheTrailOrWaitAtItsEnd() throws {
        // Given a live track, 600 m east so far
        var map = RunnersOnCourse(course: nil)
        for metres in stride(from: 0.0, through: 600, by: 10) { _ = map.runner(distanceMetres: metres, position: at(metres)) }
        // When someone 150 m behind and someone 100 m ahead are placed
        let behind = try #require(map.place(distanceMetres: 450))
        let ahead = try #require(map.place(distanceMetres: 700))
        // Then the one behind is on the trail at 450 m, the one ahead at its end, said to be beyond it
        #expect(Geodesic.distance(from: behind.point, to: at(450)) < 0.5)
        #expect(behind.place == .trail)
        #expect(ahead.place == .beyondTrail)
        #expect(Geodesic.distance(from: ahead.point, to: at(600)) < 0.5)
    }

    @Test func nobodyIsPlacedBeforeTheRunnerHasAPlace() {
        let map = RunnersOnCourse(course: nil)
        #expect(map.place(distanceMetres: 100) == nil)
    }
}
