import MateRunDomain
import MateRunJSON

/// What is said while two runners pair up: the host's address and code, and who paired with
/// whom on what terms; as text for a person and as JSON events for `--json`.
package enum PairingView {
    /// The host is listening: where to connect and the code to give.
    package static func listeningText(address: String, code: String, terms: MateTerms) -> String {
        """
        Waiting for a mate on \(address) (\(terms.mode.rawValue), \(RunFormat.goal(metres: terms.goalMetres))). Pairing code: \(code)
          join with: materun join SCENARIO --connect \(address) --code \(code)
        """
    }

    package static func listeningFields(host: String, port: Int, code: String, terms: MateTerms) -> [JSONMember] {
        [
            ("type", .string("listening")), ("host", .string(host)), ("port", .integer(port)),
            ("code", .string(code)), ("mode", .string(terms.mode.rawValue)),
            ("goal_m", .number(terms.goalMetres, decimals: 1)),
        ]
    }

    /// The host waits for its mate through a NATS server: the server and the code to give.
    package static func listeningText(via: String, code: String, terms: MateTerms) -> String {
        """
        Waiting for a mate through \(via) (\(terms.mode.rawValue), \(RunFormat.goal(metres: terms.goalMetres))). Pairing code: \(code)
          join with: materun join SCENARIO --via \(via) --code \(code)
        """
    }

    package static func listeningFields(via: String, code: String, terms: MateTerms) -> [JSONMember] {
        [
            ("type", .string("listening")), ("via", .string(via)), ("code", .string(code)),
            ("mode", .string(terms.mode.rawValue)), ("goal_m", .number(terms.goalMetres, decimals: 1)),
        ]
    }

    /// The host has waited `seconds` for its mate and still waits, until `limit`.
    package static func stillWaitingText(seconds: Double, limit: Double) -> String {
        "Still waiting for a mate: \(RunFormat.clockTime(seconds: seconds)) so far; giving up at \(RunFormat.clockTime(seconds: limit)) (--wait-for-mate)"
    }

    package static func stillWaitingFields(seconds: Double, limit: Double) -> [JSONMember] {
        [("type", .string("waiting")), ("waited_s", .number(seconds, decimals: 0)), ("limit_s", .number(limit, decimals: 0))]
    }

    package static func connectingFields(via: String) -> [JSONMember] {
        [("type", .string("connecting")), ("via", .string(via))]
    }

    package static func connectingText(address: String) -> String {
        "Connecting to \(address)…"
    }

    package static func connectingFields(host: String, port: Int) -> [JSONMember] {
        [("type", .string("connecting")), ("host", .string(host)), ("port", .integer(port))]
    }

    package static func pairedText(_ pairing: MatePairing) -> String {
        "Paired with \(RunFormat.displayName(pairing.mateName, fallback: "mate")): "
            + "\(pairing.terms.mode.rawValue) to \(RunFormat.goal(metres: pairing.terms.goalMetres)), "
            + "speed " + speedText(pairing.terms.speed)
    }

    package static func pairedFields(_ pairing: MatePairing) -> [JSONMember] {
        [
            ("type", .string("paired")), ("role", .string(pairing.role.rawValue)),
            ("mate", .string(pairing.mateName)), ("mode", .string(pairing.terms.mode.rawValue)),
            ("goal_m", .number(pairing.terms.goalMetres, decimals: 1)),
            ("speed", pairing.terms.speed.map { .number($0, decimals: 2) } ?? .string("max")),
            ("starts_in_s", .number(pairing.secondsUntilStart, decimals: 3)),
        ]
    }

    /// `10x`, `0.5x`, or `max`.
    package static func speedText(_ speed: Double?) -> String {
        guard let speed else { return "max" }
        let hundredths = Int((speed * 100).rounded())
        if hundredths % 100 == 0 { return String(hundredths / 100) + "x" }
        return String(speed) + "x"
    }
}
