import MateRunDomain
import MateRunJSON
import MateRunSocket

/// Turns `MateMessage`s into wire frames and back: one JSON object per line, keys in snake_case,
/// `"type"` first (PROTOCOL.md).
///
/// Decoding ignores unknown fields, so that a newer peer can add some; it throws
/// `MateWireError.unknownType` for an unknown message type, which callers skip and count.
package enum MateWireCodec {
    /// One frame: the JSON object followed by `\n`.
    package static func encode(_ message: MateMessage) -> [UInt8] {
        var json = JSONWriter()
        switch message {
        case .hello(let hello):
            json.field("type", "hello")
            json.field("version", hello.version)
            json.field("name", hello.name)
            json.field("code", hello.code)
            if let resume = hello.resume {
                json.field("session_id", resume.sessionID)
                json.field("last_received_seq", resume.lastReceivedSeq)
            }
            if hello.sport != .running {
                json.field("sport", hello.sport.rawValue)
            }
        case .welcome(let welcome):
            json.field("type", "welcome")
            json.field("session_id", welcome.sessionID)
            json.field("name", welcome.name)
            if let seq = welcome.resumedLastReceivedSeq {
                json.field("resumed", true)
                json.field("last_received_seq", seq)
            } else {
                json.field("resumed", false)
            }
            if welcome.sport != .running {
                json.field("sport", welcome.sport.rawValue)
            }
        case .refused(let refusal):
            json.field("type", "refused")
            json.field("reason", refusal.reason.rawValue)
            json.field("message", refusal.message)
            if let retry = refusal.retryAfterMilliseconds {
                json.field("retry_after_ms", retry)
            }
        case .terms(let terms):
            json.field("type", "terms")
            json.field("mode", terms.mode.rawValue)
            json.field("goal_m", terms.goalMetres)
            if let speed = terms.speed {
                json.field("speed", speed)
            } else {
                json.nullField("speed")
            }
        case .accept:
            json.field("type", "accept")
        case .ping(let id):
            json.field("type", "ping")
            json.field("id", id)
        case .pong(let id):
            json.field("type", "pong")
            json.field("id", id)
        case .start(let milliseconds):
            json.field("type", "start")
            json.field("in_ms", milliseconds)
        case .progress(let progress):
            json.field("type", "progress")
            json.field("seq", progress.seq)
            json.field("elapsed_s", progress.elapsedSeconds)
            json.field("moving_s", progress.movingSeconds)
            json.field("distance_m", progress.distanceMetres)
            json.field("kcal", progress.caloriesKilocalories)
            json.field("paused", progress.paused)
        case .state(let seq, let state):
            json.field("type", "state")
            json.field("seq", seq)
            encode(state, into: &json)
        case .heartbeat(let seq):
            json.field("type", "heartbeat")
            if let seq {
                json.field("seq", seq)
            }
        case .bye(let goodbye):
            json.field("type", "bye")
            json.field("reason", goodbye.reason.rawValue)
            json.field("message", goodbye.message)
        }
        return json.frame()
    }

    private static func encode(_ state: MateStateChange, into json: inout JSONWriter) {
        switch state {
        case .paused:
            json.field("state", "paused")
        case .resumed:
            json.field("state", "resumed")
        case .cancelled:
            json.field("state", "cancelled")
        case .finished(let finish):
            json.field("state", "finished")
            json.field("reached_goal", finish.reachedGoal)
            json.field("elapsed_s", finish.elapsedSeconds)
            json.field("distance_m", finish.distanceMetres)
        }
    }

    /// The message in one frame (without its newline, as `FrameDecoder` yields it): a frame must
    /// be UTF-8 text holding one JSON object, parsed whole, then read field by field.
    package static func decode(_ frame: [UInt8]) throws(MateWireError) -> MateMessage {
        guard String(validating: frame, as: UTF8.self) != nil else { throw .invalidUTF8 }
        let document: JSON
        do {
            document = try JSONParser.parse(frame)
        } catch {
            throw error.problem == .invalidUTF8 ? .invalidUTF8 : .malformedJSON(detail: error.description)
        }
        guard case .object(let members) = document else { throw .notAnObject }
        guard case .string(let type)? = members["type"] else { throw .missingType }
        let fields = MateFields(type: type, members: members)
        switch type {
        case "hello": return .hello(try hello(fields))
        case "welcome": return .welcome(try welcome(fields))
        case "refused": return .refused(try refusal(fields))
        case "terms": return .terms(try terms(fields))
        case "accept": return .accept
        case "ping": return .ping(id: try fields.integer("id", in: MateWireLimits.sequence))
        case "pong": return .pong(id: try fields.integer("id", in: MateWireLimits.sequence))
        case "start": return .start(inMilliseconds: try fields.integer("in_ms", in: MateWireLimits.startMilliseconds))
        case "progress": return .progress(try progress(fields))
        case "state": return try state(fields)
        case "heartbeat": return .heartbeat(seq: try fields.optionalInteger("seq", in: MateWireLimits.sequence))
        case "bye": return .bye(try goodbye(fields))
        default: throw .unknownType(String(type.prefix(MateWireLimits.reasonLength)))
        }
    }

    private static func hello(_ fields: MateFields) throws(MateWireError) -> MateHello {
        var resume: MateResume?
        if let sessionID = try fields.optionalString("session_id", maxLength: MateWireLimits.sessionIDLength) {
            resume = MateResume(
                sessionID: sessionID,
                lastReceivedSeq: try fields.integer("last_received_seq", in: MateWireLimits.sequence))
        }
        return MateHello(
            version: try fields.integer("version", in: MateWireLimits.version),
            name: try fields.string("name", maxLength: MateWireLimits.nameLength),
            code: try fields.string("code", maxLength: MateWireLimits.codeLength),
            resume: resume, sport: try sport(fields))
    }

    private static func welcome(_ fields: MateFields) throws(MateWireError) -> MateWelcome {
        let resumed = try fields.bool("resumed")
        return MateWelcome(
            sessionID: try fields.string("session_id", maxLength: MateWireLimits.sessionIDLength),
            name: try fields.string("name", maxLength: MateWireLimits.nameLength),
            resumedLastReceivedSeq: resumed ? try fields.integer("last_received_seq", in: MateWireLimits.sequence) : nil,
            sport: try sport(fields))
    }

    /// The optional `sport` of a `hello` or `welcome`: `running` when absent.
    private static func sport(_ fields: MateFields) throws(MateWireError) -> Sport {
        guard let name = try fields.optionalString("sport", maxLength: MateWireLimits.reasonLength) else { return .running }
        guard let sport = Sport(rawValue: name) else {
            throw .invalidValue(type: fields.type, field: "sport", detail: "must be running, walking or cycling")
        }
        return sport
    }

    private static func refusal(_ fields: MateFields) throws(MateWireError) -> MateRefusal {
        MateRefusal(
            reason: MateReason(rawValue: try fields.string("reason", maxLength: MateWireLimits.reasonLength)),
            message: try fields.string("message", maxLength: MateWireLimits.messageLength),
            retryAfterMilliseconds: try fields.optionalInteger("retry_after_ms", in: MateWireLimits.retryMilliseconds))
    }

    private static func terms(_ fields: MateFields) throws(MateWireError) -> MateTerms {
        let modeName = try fields.string("mode", maxLength: MateWireLimits.reasonLength)
        guard let mode = MateMode(rawValue: modeName) else {
            throw .invalidValue(type: fields.type, field: "mode", detail: "must be \"race\" or \"team\"")
        }
        return MateTerms(
            mode: mode,
            goalMetres: try fields.number("goal_m", in: MateWireLimits.goalMetres),
            speed: try fields.optionalNumber("speed", in: MateWireLimits.speed))
    }

    private static func progress(_ fields: MateFields) throws(MateWireError) -> MateProgress {
        MateProgress(
            seq: try fields.integer("seq", in: MateWireLimits.sequence),
            elapsedSeconds: try fields.number("elapsed_s", in: MateWireLimits.seconds),
            movingSeconds: try fields.number("moving_s", in: MateWireLimits.seconds),
            distanceMetres: try fields.number("distance_m", in: MateWireLimits.metres),
            caloriesKilocalories: try fields.number("kcal", in: MateWireLimits.kilocalories),
            paused: try fields.bool("paused"))
    }

    private static func state(_ fields: MateFields) throws(MateWireError) -> MateMessage {
        let seq = try fields.integer("seq", in: MateWireLimits.sequence)
        let state: MateStateChange
        switch try fields.string("state", maxLength: MateWireLimits.reasonLength) {
        case "paused": state = .paused
        case "resumed": state = .resumed
        case "cancelled": state = .cancelled
        case "finished":
            state = .finished(MateFinish(
                reachedGoal: try fields.bool("reached_goal"),
                elapsedSeconds: try fields.number("elapsed_s", in: MateWireLimits.seconds),
                distanceMetres: try fields.number("distance_m", in: MateWireLimits.metres)))
        default:
            throw .invalidValue(type: fields.type, field: "state", detail: "must be paused, resumed, finished or cancelled")
        }
        return .state(seq: seq, state)
    }

    private static func goodbye(_ fields: MateFields) throws(MateWireError) -> MateGoodbye {
        MateGoodbye(
            reason: MateReason(rawValue: try fields.string("reason", maxLength: MateWireLimits.reasonLength)),
            message: try fields.string("message", maxLength: MateWireLimits.messageLength))
    }
}
