import MateRunNATS

/// The NATS subjects of one group, all under `materun.group.<code>`: the code is the only way
/// in, so it is long and random (`GroupCode`). PROTOCOL.md describes each message.
package struct GroupSubjects: Sendable, Equatable {
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
    /// One runner's own standing, once a second.
    package func standing(_ id: String) -> String { root + ".standing.\(id)" }
}

/// Group codes and runner ids: random letters and digits, valid as one NATS subject token.
package enum GroupCode {
    /// A new group's code: 12 characters, about 71 bits, not guessed by a stranger.
    package static func random() -> String {
        NATSClient.randomToken(length: 12).lowercased()
    }

    /// Whether `code` can be a group code (one subject token of letters and digits).
    package static func isValid(_ code: String) -> Bool {
        (1...64).contains(code.count) && code.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
