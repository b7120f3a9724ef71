@testable import MateRunScenarios
import Testing

@Suite("A document's points are held in chunks that can be let go")
struct GPXPointListTests {
    private func point(_ number: Int) -> GPXPoint {
        GPXPoint(latitude: 47 + Double(number) * 1e-6, longitude: 8, track: 0, segment: 0, line: Int32(number))
    }

    @Test func pointsAppendedAcrossChunksReadBackInOrder() {
        // Given 100,000 points appended one by one (three chunks and part of a fourth)
        var list = GPXPointList()
        for number in 0..<100_000 { list.append(point(number)) }
        // Then every one reads back at its index
        #expect(list.count == 100_000)
        #expect(list.indices.allSatisfy { list[$0].line == Int32($0) })
    }

    @Test func droppingTheLastPointsAcrossAChunkBoundaryLeavesTheRest() {
        // Given 40,000 points (a whole chunk and part of the next)
        var list = GPXPointList()
        for number in 0..<40_000 { list.append(point(number)) }
        // When everything from 30,000 on is dropped, then points appended again
        list.removeAll(from: 30_000)
        #expect(list.count == 30_000)
        for number in 30_000..<35_000 { list.append(point(number)) }
        // Then the list is the same as one built straight
        #expect(list == GPXPointList((0..<35_000).map(point)))
    }

    @Test func lettingGoOfPointsKeepsEveryIndexFromTheChunkOfTheGivenOneOn() {
        // Given 100,000 points
        var list = GPXPointList()
        for number in 0..<100_000 { list.append(point(number)) }
        // When the points before 70,000 are let go
        list.release(before: 70_000)
        // Then those of the chunk that holds 70,000 and after still read back (the chunk starts at 65,536)
        #expect((65_536..<100_000).allSatisfy { list[$0].line == Int32($0) })
        #expect(list.count == 100_000)
    }
}

@Suite("A file's points keep their size")
struct GPXHeldValueSizeTests {
    @Test func aPointIsNinetySixBytes() {
        #expect(MemoryLayout<GPXPoint>.stride == 96)
    }
}
