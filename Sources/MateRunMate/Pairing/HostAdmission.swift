import MateRunDomain

/// The host's answer to a `hello`, decided in PROTOCOL.md's order: version, busy, throttled,
/// code, session.
///
/// A value type apart from the sockets, so that the rules of who gets in can be read (and tested)
/// in one place. It holds the wrong-code throttle, the budget of wrong codes for the whole
/// listening session (many addresses together cannot sweep the code space), and the one seat a
/// host has for a mate.
struct HostAdmission {
    enum Decision: Equatable {
        case refuse(MateRefusal)
        /// The code is right and the seat was free: it is now held for this handshake.
        case newSession
        /// The joiner comes back to the running session.
        case resume(lastReceivedSeq: Int)
    }

    private enum Seat {
        case open
        case handshaking
        case paired(sessionID: String)
    }

    let code: String
    let hostName: String
    private var seat = Seat.open
    private var throttle = WrongCodeThrottle()
    /// Wrong codes from every address since the host started listening.
    private(set) var wrongCodesInTotal = 0

    init(code: String, hostName: String) {
        self.code = code
        self.hostName = hostName
    }

    /// Decides about `hello` from `address` (a host without port) at `now` (seconds on a
    /// monotonic clock), counting wrong codes and taking the seat for a new session.
    mutating func decide(_ hello: MateHello, from address: String, now: Double) -> Decision {
        guard hello.version == MateProtocol.version else {
            return .refuse(MateRefusal(reason: .version, message: "this host speaks protocol version \(MateProtocol.version)"))
        }
        if hello.resume == nil, !isOpen {
            return .refuse(MateRefusal(reason: .busy, message: "\(hostName) is already running with a mate"))
        }
        if hello.resume == nil, isCodeSpent {
            return .refuse(MateRefusal(
                reason: .codeSpent, message: "this pairing code was guessed at too often; ask the host for a new one"))
        }
        if let wait = throttle.waitTime(for: address, now: now) {
            let seconds = Int(wait.rounded(.up))
            return .refuse(MateRefusal(
                reason: .throttled, message: "too many wrong codes; retry in \(seconds) s",
                retryAfterMilliseconds: Int((wait * 1000).rounded(.up))
            ))
        }
        guard hello.code == code else {
            throttle.recordWrongCode(from: address, now: now)
            wrongCodesInTotal += 1
            return .refuse(MateRefusal(reason: .wrongCode, message: "wrong pairing code"))
        }
        throttle.recordRightCode(from: address)
        if let resume = hello.resume {
            guard case .paired(let sessionID) = seat, sessionID == resume.sessionID else {
                return .refuse(MateRefusal(reason: .unknownSession, message: "no session \(resume.sessionID) on this host"))
            }
            return .resume(lastReceivedSeq: resume.lastReceivedSeq)
        }
        seat = .handshaking
        return .newSession
    }

    /// The handshake that held the seat completed with `sessionID`.
    mutating func seat(_ sessionID: String) {
        seat = .paired(sessionID: sessionID)
    }

    /// The handshake that held the seat failed; the next joiner may have it.
    mutating func vacate() {
        if case .handshaking = seat {
            seat = .open
        }
    }

    /// Whether `MateProtocol.wrongCodeBudget` wrong codes arrived: the code takes no new pairing.
    var isCodeSpent: Bool {
        wrongCodesInTotal >= MateProtocol.wrongCodeBudget
    }

    /// Whether a mate is paired (a resume may still come back with the code and the session).
    var isPaired: Bool {
        if case .paired = seat { return true }
        return false
    }

    private var isOpen: Bool {
        if case .open = seat { return true }
        return false
    }
}
