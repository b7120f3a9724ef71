import Foundation
import MateRunDomain
import MateRunGroup
import MateRunJSON
import MateRunPresentation
import Testing

/// `watch --json` prints each board with every field the coordinator published (PROTOCOL.md §10
/// and §11.4), written again from what the spectator read and checked.
@Suite struct WatchBoardTests {
    /// What `watch --json` prints for a board the coordinator published as `bytes`.
    private func watchLine(_ bytes: [UInt8]) throws -> String {
        let message = try #require(GroupWire.board(bytes))
        return JSON.object(GroupView.boardFields(
            phase: message.board.phase, terms: message.board.terms, runners: message.board.runners, places: message.places,
            counted: message.runners, total: message.total, teamMetres: message.teamMetres)).jsonText
    }

    @Test func aTeamBoardIsPrintedWithEveryFieldTheCoordinatorPublished() throws {
        // Given a team board at a set speed, with a finished runner, one who left and one refused with a note
        let board = GroupBoard(
            phase: .running, terms: GroupTerms(mode: .team, goalMetres: 5000, speed: 50),
            runners: [
                GroupRunner(id: "a", name: "Ann \"A\"", distanceMetres: 2500, elapsedSeconds: 700, status: .finished, reachedGoal: true),
                GroupRunner(id: "b", name: "Bo", distanceMetres: 1200.25, elapsedSeconds: 700, status: .left),
                GroupRunner(id: "e", name: "Eve", status: .refused, note: "too many messages"),
            ])
        let published = GroupWire.board(board, seq: 7)
        // When a spectator prints it
        let line = try watchLine(published)
        // Then it is the published board, field for field, but for the signed sequence number
        #expect(line == String(decoding: published, as: UTF8.self).replacingOccurrences(of: "\"seq\":7,", with: ""))
        #expect(line.contains("\"id\":\"a\"") && line.contains("\"reached_goal\":true") && line.contains("\"total\":3"))
        #expect(line.contains("\"mode\":\"team\",\"goal_m\":5000.0,\"speed\":50"))
    }

    @Test func aRaceBoardLeavesOutTheTeamTotalAndCarriesTheRest() throws {
        // Given a race run as fast as each machine allows
        let board = GroupBoard(
            phase: .over, terms: GroupTerms(mode: .race, goalMetres: 1000),
            runners: [GroupRunner(id: "a", name: "Ann", distanceMetres: 1000, elapsedSeconds: 287, status: .finished, reachedGoal: true)])
        // When a spectator prints it
        let line = try watchLine(GroupWire.board(board, seq: 1))
        // Then every field but the team's total is there, speed null
        #expect(line == #"{"type":"board","phase":"over","mode":"race","goal_m":1000.0,"speed":null,"runners":1,"total":1,"#
            + #""results":[{"place":1,"id":"a","name":"Ann","distance_m":1000.0,"elapsed_s":287.0,"status":"finished","reached_goal":true}]}"#)
    }
}
