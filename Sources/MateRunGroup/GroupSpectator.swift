import MateRunDomain
import MateRunNATS

/// Watches a group's board without running: the board as it stands at once (asked of the
/// coordinator), then every board it publishes, until the result. Either code will do: only the
/// watch code (the coordinator key's fingerprint) is used, to check every board.
package final class GroupSpectator: Sendable {
    /// Boards in order, the current one first; ends after the result (phase `over`).
    package let boards: AsyncStream<GroupBoardMessage>
    /// Boards dropped: not the coordinator's, altered, or replayed.
    package let dropped: GroupDropCount

    private init(boards: AsyncStream<GroupBoardMessage>, dropped: GroupDropCount) {
        self.boards = boards
        self.dropped = dropped
    }

    /// Starts watching the group of `code`. Throws `NATSError` (`noResponders` when no group has
    /// this code, `timedOut` when no signed board came within 10 s).
    package static func watch(client: NATSClient, code: GroupCodes) async throws -> GroupSpectator {
        let subjects = GroupSubjects(code: code.watch)
        let dropped = GroupDropCount()
        var check = GroupCoordinatorCheck(watch: code.watch, dropped: dropped)
        let live = try client.subscribe(subjects.board)
        try await client.flush()
        let first: GroupBoardMessage
        do {
            first = try await firstBoard(client: client, subjects: subjects, check: &check)
        } catch {
            live.unsubscribe()
            throw error
        }
        let (boards, sink) = AsyncStream.makeStream(of: GroupBoardMessage.self, bufferingPolicy: .bufferingNewest(16))
        sink.yield(first)
        if first.isResult {
            live.unsubscribe()
            sink.finish()
            return GroupSpectator(boards: boards, dropped: dropped)
        }
        let following = check
        Task {
            var check = following
            for await message in live.messages where check.accepts(message) {
                guard let board = GroupWire.board(message.payload) else { continue }
                sink.yield(board)
                if board.isResult { break }
            }
            live.unsubscribe()
            sink.finish()
        }
        return GroupSpectator(boards: boards, dropped: dropped)
    }

    /// Asks `board.now` (again each second while no answer is the coordinator's: one may be
    /// forged, or rate-limited away) until a signed board comes, for 10 s at most.
    private static func firstBoard(
        client: NATSClient, subjects: GroupSubjects, check: inout GroupCoordinatorCheck
    ) async throws -> GroupBoardMessage {
        try await GroupAsking.ask(
            client: client, subject: subjects.boardNow, payload: [], headers: nil, timeout: .seconds(10), resendEvery: .seconds(1)
        ) { message in
            guard check.accepts(message, signedFor: subjects.board) else { return nil }
            return GroupWire.board(message.payload)
        }
    }
}
