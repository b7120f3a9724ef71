import MateRunDomain
@testable import MateRunGroup
import Testing

/// The group's messages: what is written reads back, and what does not read is dropped.
@Suite struct GroupWireTests {
    @Test func aReportAndAGoodbyeReadBackWithTheirSequence() throws {
        let report = GroupReport(seq: 7, elapsedSeconds: 125, distanceMetres: 402.5, finished: true, reachedGoal: true)
        let read = try #require(GroupWire.runnerMessage(GroupWire.report(report)))
        #expect(read.seq == 7)
        #expect(read.report == report)
        let bye = try #require(GroupWire.runnerMessage(GroupWire.bye(seq: 8)))
        #expect(bye.seq == 8 && bye.report == nil)
    }

    @Test func aJoinRequestReadsBackAndItsProofInputIsTheDocumentedLines() throws {
        let request = GroupWire.JoinRequest(name: "Ann", key: "K", proof: "P")
        #expect(GroupWire.joinRequest(GroupWire.joinRequest(request)) == request)
        #expect(String(decoding: GroupWire.proofInput(watch: "w", key: "K", name: "Ann"), as: UTF8.self) == "join\nw\nK\nAnn")
    }

    @Test func aWelcomeAndARefusalReadBackOnlyForTheRunnerTheyAnswer() throws {
        let terms = GroupTerms(mode: .team, goalMetres: 5000, speed: 20)
        let welcome = GroupWire.Welcome(id: "abc", terms: terms)
        #expect(GroupWire.joinAnswer(GroupWire.welcome(welcome, seq: 1), id: "abc") == .success(welcome))
        #expect(GroupWire.joinAnswer(GroupWire.welcome(welcome, seq: 1), id: "other") == nil)
        #expect(GroupWire.joinAnswer(GroupWire.refusal("full", id: "abc", seq: 2), id: "abc") == .failure(GroupRefused(reason: "full")))
        // A refusal of a join that was not provably the runner's own is nobody's.
        #expect(GroupWire.joinAnswer(GroupWire.refusal("unreadable", id: nil, seq: 3), id: "abc") == nil)
    }

    @Test func aBoardListsTheLeadersWithTheirPlacesAndCountsEveryone() throws {
        let runners = (0..<150).map { GroupRunner(id: "r\($0)", name: "R\($0)", distanceMetres: Double(1000 - $0), status: .running) }
            + [GroupRunner(id: "eve", name: "Eve", status: .refused, note: "too many messages")]
        let board = GroupBoard(phase: .running, terms: GroupTerms(mode: .race, goalMetres: 5000), runners: runners)
        let read = try #require(GroupWire.board(GroupWire.board(board, seq: 4)))
        #expect(read.runners == 150)
        #expect(read.board.runners.count == GroupWire.boardLimit)
        #expect(read.places.first == 1)
        #expect(read.board.runners.first?.name == "R0")
        #expect(read.board.phase == .running)
    }

    /// Three runners in a team run, 100 m apart; the leader's name needs escaping, the last has left.
    private let teamOfThree = GroupBoard(
        phase: .running, terms: GroupTerms(mode: .team, goalMetres: 5000),
        runners: [
            GroupRunner(id: "a", name: "Ann \"A\"", distanceMetres: 300, elapsedSeconds: 100, status: .running),
            GroupRunner(id: "b", name: "Bo", distanceMetres: 200, elapsedSeconds: 100, status: .running),
            GroupRunner(id: "c", name: "Cy", distanceMetres: 100, elapsedSeconds: 100, status: .left),
        ])

    @Test func aStandingReadsBack() throws {
        let standing = try #require(GroupStanding(board: teamOfThree, id: "b"))
        let read = try #require(GroupWire.standing(GroupWire.standing(standing, seq: 5)))
        #expect(read.place == 2)
        #expect(read.ahead?.name == "Ann \"A\"" && read.ahead?.gapMetres == 100 && read.ahead?.gapSeconds == 50)
        #expect(read.behind?.name == "Cy")
        #expect(read.teamMetres == 600)
    }

    @Test func aStandingIsWrittenAsProtocolMdShowsIt() throws {
        // Given the middle runner of three in a team run
        let standing = try #require(GroupStanding(board: teamOfThree, id: "b"))
        // When its standing is written, then the bytes are section 11.4's, fields in its order
        #expect(String(decoding: GroupWire.standing(standing, seq: 42), as: UTF8.self) == """
            {"type":"standing","seq":42,"phase":"running","place":2,"runners":3,"goal_m":5000.0,"leader":{"name":"Ann \\"A\\"","distance_m":300.0},\
            "ahead":{"name":"Ann \\"A\\"","gap_m":100.0,"gap_s":50.0,"status":"running"},\
            "behind":{"name":"Cy","gap_m":100.0,"gap_s":100.0,"status":"left"},"team_m":600.0}
            """)
        // And a standing with no one around and no figures yet writes nulls and leaves the rest out
        let alone = GroupStanding(
            phase: .gathering, place: nil, runners: 1, leader: nil, ahead: nil, behind: nil, teamMetres: nil, goalMetres: 1000)
        #expect(String(decoding: GroupWire.standing(alone, seq: 1), as: UTF8.self) == """
            {"type":"standing","seq":1,"phase":"gathering","place":null,"runners":1,"goal_m":1000.0}
            """)
    }

    @Test(arguments: [
        "", "[]", "not json", "{\"type\":\"report\"}", "{\"type\":\"report\",\"seq\":1.5,\"elapsed_s\":1,\"distance_m\":1,\"finished\":false}",
        "{\"type\":\"report\",\"seq\":1,\"elapsed_s\":\"1\",\"distance_m\":1,\"finished\":false}",
        "{\"type\":\"report\",\"seq\":1,\"elapsed_s\":1e999,\"distance_m\":1,\"finished\":false}",
        "{\"type\":\"board\",\"phase\":\"nope\"}", "{\"type\":\"start\"}", "{\"type\":\"welcome\",\"seq\":1,\"id\":\"a\",\"mode\":\"relay\",\"goal_m\":5}",
    ])
    func whatDoesNotReadIsDropped(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(GroupWire.runnerMessage(bytes)?.report == nil)
        #expect(GroupWire.board(bytes) == nil)
        #expect(GroupWire.control(bytes) == nil)
        #expect(GroupWire.standing(bytes) == nil)
        if text.contains("welcome") { #expect(GroupWire.joinAnswer(bytes, id: "a") == nil) }
    }

    @Test func aStartFromTheCoordinatorIsClampedToAMinute() {
        #expect(GroupWire.control(Array("{\"type\":\"start\",\"in_s\":1e6}".utf8)) == .start(inSeconds: 60))
    }
}
