import MateRunNATS

/// The NATS subjects of one group, all under `materun.group.<W>`, W being the watch code (the
/// coordinator key's fingerprint, `GroupCodes`). PROTOCOL.md describes each message.
package struct GroupSubjects: Sendable, Equatable {
    /// The watch code.
    package let code: String

    package init(code: String) {
        self.code = code
    }

    private var root: String { "materun.group.\(code)" }
    /// Requests to join; the reply is a welcome or a refusal.
    package var join: String { root + ".join" }
    /// A runner's reports, one subject per runner id.
    package func report(_ id: String) -> String { root + ".report.\(id)" }
    package var reports: String { root + ".report.*" }
    /// The coordinator to everyone: start, stop, a refusal.
    package var control: String { root + ".control" }
    /// The leaderboard, once a second; its last one has phase `over` and is the result.
    package var board: String { root + ".board" }
    /// Requests for the board as it stands, for a spectator who just arrived.
    package var boardNow: String { root + ".board.now" }
    /// The starter's signed start, for a group a service coordinates (PROTOCOL.md section 11.10).
    package var start: String { root + ".start" }
    /// One runner's own standing, once a second.
    package func standing(_ id: String) -> String { root + ".standing.\(id)" }
}

/// Random codes of letters and digits, valid as one NATS subject token (a pair's room through
/// NATS; a group's codes are `GroupCodes`).
package enum GroupCode {
    /// A new code: 12 characters, about 71 bits, not guessed by a stranger.
    package static func random() -> String {
        NATSClient.randomToken(length: 12).lowercased()
    }
}
