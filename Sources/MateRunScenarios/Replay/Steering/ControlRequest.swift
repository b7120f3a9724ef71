import MateRunJSON

/// One line of the control protocol (PROTOCOL.md, section 13) read into a command: a JSON object
/// with `command` (`speed`, `pause`, `resume`, `signal_lost`, `signal_found`, `jump_m`, `stop`)
/// and, for `speed` and `jump_m`, a number `value` (`jump_m` without one jumps 300 m; `speed`
/// also takes `"faster"` and `"slower"`). Whatever else is refused with a sentence saying what
/// was expected, never guessed at.
package enum ControlRequest {
    package static func command(_ line: [UInt8]) -> Result<SteeringCommand, ControlRefusal> {
        guard let parsed = try? JSONParser.parse(line), let object = parsed.objectValue else {
            return .failure(ControlRefusal("expected a JSON object with a \"command\""))
        }
        guard case .string(let word)? = object["command"] else {
            return .failure(ControlRefusal("expected a \"command\": speed, pause, resume, signal_lost, signal_found, jump_m or stop"))
        }
        let value = object["value"]
        switch word {
        case "pause": return .success(.pause)
        case "resume": return .success(.resume)
        case "stop": return .success(.stop)
        case "signal_lost": return .success(.signalLost)
        case "signal_found": return .success(.signalFound)
        case "speed":
            if case .string("faster")? = value { return .success(.faster) }
            if case .string("slower")? = value { return .success(.slower) }
            guard let speed = number(value) else {
                return .failure(ControlRefusal("expected \"value\": a speed from 1 to 10000, \"faster\" or \"slower\""))
            }
            return .success(.speed(speed))
        case "jump_m":
            guard value != nil else { return .success(.jump(metres: ReplaySteering.keyJumpMetres)) }
            guard let metres = number(value) else { return .failure(ControlRefusal("expected \"value\": metres to jump")) }
            return .success(.jump(metres: metres))
        default:
            return .failure(ControlRefusal("unknown command \"\(word.prefix(40))\": expected speed, pause, resume, signal_lost, signal_found, jump_m or stop"))
        }
    }

    private static func number(_ value: JSON?) -> Double? {
        guard case .number(let number)? = value else { return nil }
        return number.double.flatMap { $0.isFinite ? $0 : nil }
    }
}

/// Why a control line was not a command.
package struct ControlRefusal: Error, Equatable, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
