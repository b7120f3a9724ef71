import MateRunDomain
@testable import MateRunGroup
import Testing

/// The group's messages: what is written reads back, and what does not read is dropped.
@Suite struct GroupWireTests {
    @Test func aReportAndAGoodbyeReadBackWithTheirKey() throws {
        let report = GroupReport(seq: 7, elapsedSeconds: 125, distanceMetres: 402.5, finished: true, reachedGoal: true)
        let read = try #require(GroupWire.runnerMessage(GroupWire.report(report, key: "k")))
        #expect(read.key == "k")
        #expect(read.report == report)
        let bye = try #require(GroupWire.runnerMessage(GroupWire.bye(key: "k")))
        #expect(bye.key == "k" && bye.report == nil)
    }

    @Test func aWelcomeAndARefusalReadBack() throws {
        let terms = GroupTerms(mode: .team, goalMetres: 5000, speed: 20)
        let welcome = GroupWire.Welcome(id: "abc", key: "secret", terms: terms)
        #expect(GroupWire.joinAnswer(GroupWire.welcome(welcome)) == .success(welcome))
        #expect(GroupWire.joinAnswer(GroupWire.refusal("full")) == .failure(GroupRefused(reason: "full")))
    }

    @Test func aBoardListsTheLeadersWithTheirPlacesAndCountsEveryone() throws {
        let runners = (0..<150).map { GroupRunner(id: "r\($0)", name: "R\($0)", distanceMetres: Double(1000 - $0), status: .running) }
            + [GroupRunner(id: "eve", name: "Eve", status: .refused, note: "too many messages")]
        let board = GroupBoard(phase: .running, terms: GroupTerms(mode: .race, goalMetres: 5000), runners: runners)
        let read = try #require(GroupWire.board(GroupWire.board(board)))
        #expect(read.runners == 150)
        #expect(read.board.runners.count == GroupWire.boardLimit)
        #expect(read.places.first == 1)
        #expect(read.board.runners.first?.name == "R0")
        #expect(read.board.phase == .running)
    }

    @Test func aStandingReadsBack() throws {
        let board = GroupBoard(
            phase: .running, terms: GroupTerms(mode: .team, goalMetres: 5000),
            runners: [
                GroupRunner(id: "a", name: "Ann", distanceMetres: 300, elapsedSeconds: 100, status: .running),
                GroupRunner(id: "b", name: "Bo", distanceMetres: 200, elapsedSeconds: 100, status: .running),
                GroupRunner(id: "c", name: "Cy", distanceMetres: 100, elapsedSeconds: 100, status: .running),
            ])
        let standing = try #require(GroupStanding(board: board, id: "b"))
        let read = try #require(GroupWire.standing(GroupWire.standing(standing)))
        #expect(read.place == 2)
        #expect(read.ahead?.name == "Ann" && read.ahead?.gapMetres == 100 && read.ahead?.gapSeconds == 50)
        #expect(read.behind?.name == "Cy")
        #expect(read.teamMetres == 600)
    }

    @Test(arguments: [
        "", "[]", "not json", "{\"type\":\"report\"}", "{\"type\":\"report\",\"key\":\"k\",\"seq\":1.5,\"elapsed_s\":1,\"distance_m\":1,\"finished\":false}",
        "{\"type\":\"report\",\"key\":\"k\",\"seq\":1,\"elapsed_s\":\"1\",\"distance_m\":1,\"finished\":false}",
        "{\"type\":\"report\",\"key\":\"k\",\"seq\":1,\"elapsed_s\":1e999,\"distance_m\":1,\"finished\":false}",
        "{\"type\":\"board\",\"phase\":\"nope\"}", "{\"type\":\"start\"}", "{\"type\":\"welcome\",\"id\":\"a\",\"key\":\"b\",\"mode\":\"relay\",\"goal_m\":5}",
    ])
    func whatDoesNotReadIsDropped(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(GroupWire.runnerMessage(bytes)?.report == nil)
        #expect(GroupWire.board(bytes) == nil)
        #expect(GroupWire.control(bytes) == nil)
        #expect(GroupWire.standing(bytes) == nil)
        if text.contains("welcome") { #expect(GroupWire.joinAnswer(bytes) == nil) }
    }

    @Test func aStartFromTheCoordinatorIsClampedToAMinute() {
        #expect(GroupWire.control(Array("{\"type\":\"start\",\"in_s\":1e6}".utf8)) == .start(inSeconds: 60))
    }
}
