import MateRunDomain
import MateRunNATS

/// Watches a group's board without running: the board as it stands at once (asked of the
/// coordinator), then every board it publishes, until the result.
package enum GroupSpectator {
    /// Boards in order, the current one first; ends after the result (phase `over`).
    package static func watch(client: NATSClient, code: String) async throws -> AsyncStream<GroupBoardMessage> {
        let subjects = GroupSubjects(code: code)
        let live = try client.subscribe(subjects.board)
        try await client.flush()
        let first = try await client.request(subjects.boardNow, payload: [], timeout: .seconds(10))
        let (boards, sink) = AsyncStream.makeStream(of: GroupBoardMessage.self, bufferingPolicy: .bufferingNewest(16))
        if let board = GroupWire.board(first.payload) {
            sink.yield(board)
            if board.board.phase == .over {
                live.unsubscribe()
                sink.finish()
                return boards
            }
        }
        Task {
            for await message in live.messages {
                guard let board = GroupWire.board(message.payload) else { continue }
                sink.yield(board)
                if board.board.phase == .over { break }
            }
            live.unsubscribe()
            sink.finish()
        }
        return boards
    }
}
