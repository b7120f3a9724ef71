import MateRunDomain

extension MateMessage {
    /// The message's `type` on the wire, to name it in errors ("sent start while accept was expected").
    var wireType: String {
        switch self {
        case .hello: "hello"
        case .welcome: "welcome"
        case .refused: "refused"
        case .terms: "terms"
        case .accept: "accept"
        case .ping: "ping"
        case .pong: "pong"
        case .start: "start"
        case .progress: "progress"
        case .state: "state"
        case .heartbeat: "heartbeat"
        case .bye: "bye"
        }
    }
}
