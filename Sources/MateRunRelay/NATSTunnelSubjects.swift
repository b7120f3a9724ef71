/// The subjects of one tunnel room, all under `materun.pair.<room>`: dial requests, and one
/// subject per direction per carried connection. PROTOCOL.md section 12.
package struct NATSTunnelSubjects: Sendable, Equatable {
    package let room: String

    package init(room: String) {
        self.room = room
    }

    /// Requests to open a carried connection (or to check that the room is served).
    package var dial: String { "materun.pair.\(room).dial" }
    /// Bytes of carried connection `id` towards the side that serves the room.
    package func toServer(_ id: String) -> String { "materun.pair.\(room).stream.\(id).up" }
    /// Bytes of carried connection `id` towards the side that dialled.
    package func toClient(_ id: String) -> String { "materun.pair.\(room).stream.\(id).down" }
}
