import MateRunDomain

/// The host's answer to a `hello`, decided in PROTOCOL.md's order: version; a resume of the paired
/// session with its code (judged apart, before any throttle); busy; the address's throttle; the
/// rate of wrong codes from all addresses; the code.
///
/// A value type apart from the sockets, so that the rules of who gets in can be read (and tested)
/// in one place. It holds the wrong-code throttle per address, the rate of wrong codes from all
/// addresses together (many addresses cannot sweep the code space, nor end the host: a rate, not
/// a count), and the one seat a host has for a mate.
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
    private var rate = WrongCodeRate()

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
        if let resume = hello.resume {
            return decide(resume, code: hello.code, from: address, now: now)
        }
        guard isOpen else {
            return .refuse(MateRefusal(reason: .busy, message: "\(hostName) is already running with a mate"))
        }
        if let wait = throttle.waitTime(for: address, now: now) {
            return .refuse(Self.throttled(wait, why: "too many wrong codes from your address"))
        }
        if let wait = rate.waitTime(now: now) {
            return .refuse(Self.throttled(wait, why: "too many wrong codes from everywhere"))
        }
        guard hello.code == code else {
            throttle.recordWrongCode(from: address, now: now)
            rate.recordWrongCode(now: now)
            return .refuse(MateRefusal(reason: .wrongCode, message: "wrong pairing code"))
        }
        throttle.recordRightCode(from: address)
        seat = .handshaking
        return .newSession
    }

    /// A resume: the paired session's id and the code let the joiner back whatever others did
    /// from its address or from everywhere. Anything else is `unknown_session`, whether the code
    /// was right or not (a resume tells nothing about the code), and counts as a wrong guess from
    /// that address only.
    private mutating func decide(_ resume: MateResume, code offered: String, from address: String, now: Double) -> Decision {
        if case .paired(let sessionID) = seat, sessionID == resume.sessionID, offered == code {
            throttle.recordRightCode(from: address)
            return .resume(lastReceivedSeq: resume.lastReceivedSeq)
        }
        if let wait = throttle.waitTime(for: address, now: now) {
            return .refuse(Self.throttled(wait, why: "too many wrong codes from your address"))
        }
        throttle.recordWrongCode(from: address, now: now)
        return .refuse(MateRefusal(
            reason: .unknownSession, message: "no session \(resume.sessionID) with that code on this host"))
    }

    private static func throttled(_ wait: Double, why: String) -> MateRefusal {
        MateRefusal(
            reason: .throttled, message: "\(why); retry in \(Int(wait.rounded(.up))) s",
            retryAfterMilliseconds: Int((wait * 1000).rounded(.up)))
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

    private var isOpen: Bool {
        if case .open = seat { return true }
        return false
    }
}
