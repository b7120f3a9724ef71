/// What a gpsd session tells the run: fixes, and the connection's ups and downs.
package enum GPSDEvent: Sendable, Equatable {
    case fix(GPSDFix)
    /// The connection to gpsd ended (`reason`); the client is trying to reconnect.
    case connectionLost(reason: String)
    /// The client is connected again after a loss.
    case reconnected
    /// gpsd did not come back within the retry window, or refused the watch: the session is over.
    case ended(reason: String)
}

extension GPSDEvent {
    /// What the runner is told of gpsd's connection; nil for a fix.
    package var notice: String? {
        switch self {
        case .fix: nil
        case .connectionLost(let reason): "lost gpsd (\(reason)); reconnecting"
        case .reconnected: "gpsd is back"
        case .ended(let reason): reason
        }
    }
}
