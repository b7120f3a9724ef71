/// Why a tunnel could not open a carried connection, naming the room.
package enum NATSTunnelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host of the room answered, signed, with something other than `ok`; `answer` says what.
    case refused(room: String, answer: String)
    /// The tunnel no longer carries connections (its `run()` has ended).
    case closed(room: String)

    package var description: String {
        switch self {
        case .refused(let room, let answer): "the host of room \(room) refused the connection (\(answer))"
        case .closed(let room): "the tunnel to room \(room) is closed"
        }
    }
}
