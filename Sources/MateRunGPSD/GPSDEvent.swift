import MateRunDomain

/// What a gpsd session tells the run: fixes, and the connection's ups and downs.
package enum GPSDEvent: Sendable, Equatable {
    case fix(ReceiverFix)
    /// gpsd reported without a fix (its receiver has not found, or has lost, the sky).
    case withoutFix
    /// The receiver's clock stepped back `seconds` while its position carried on: its times are
    /// re-anchored to carry on from the latest fix (`TPVEpochMerger`).
    case clockSteppedBack(seconds: Double)
    /// The receivers gpsd has now, by path (its `DEVICES`, and each `DEVICE` that came or went).
    case receivers([String])
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
        case .fix, .withoutFix, .receivers: nil
        case .clockSteppedBack(let seconds):
            "the receiver's clock stepped back \(((seconds * 10).rounded() / 10).plainText) s while its position carried on; run time carries on from the fix before"
        case .connectionLost(let reason): "lost gpsd (\(reason)); reconnecting"
        case .reconnected: "gpsd is back"
        case .ended(let reason): reason
        }
    }
}
