import MateRunNATS

/// Whether `event` says the client reconnected, and, when `away` is given, to another server.
func isReconnection(_ event: NATSClientEvent?, awayFrom away: NATSURL? = nil) -> Bool {
    guard case .reconnected(let server)? = event else { return false }
    return away.map { server != $0 } ?? true
}
