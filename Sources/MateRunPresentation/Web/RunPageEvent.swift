/// One message of a run as the web page takes it: what `/events` sends as an SSE message
/// (`event: type`, `data: data`), and what an exported page carries inside itself.
package struct RunPageEvent: Sendable, Equatable {
    /// `hello`, `progress`, `split`, `lap`, `paused`, `resumed`, `gps_lost`, `gps_found`,
    /// `group`, `board` or `summary`.
    package var type: String
    /// One JSON object, on one line: the `--json` line of the same event.
    package var data: String

    package init(type: String, data: String) {
        self.type = type
        self.data = data
    }
}
