import Synchronization

/// What one side of a pair through NATS received and dropped because it failed its check: the
/// trace a forger, or a replay of old messages, leaves (PROTOCOL.md section 12.5). None of it
/// reached the mate protocol, and none of it ended a connection.
package struct NATSTunnelDrops: Sendable, Equatable {
    /// Carried messages, and answers to this side's dials, whose signature was missing, unreadable
    /// or not the sender's: forged or altered.
    package var badSignature = 0
    /// Carried messages signed by the sender but whose `Seq` was already received, and on the
    /// host copies of a dial it had taken already: replays.
    package var replayed = 0
    /// Dials this host refused: without the secret, not signed by the key they carry, a
    /// connection id used before, or unreadable.
    package var refusedDials = 0

    package init(badSignature: Int = 0, replayed: Int = 0, refusedDials: Int = 0) {
        self.badSignature = badSignature
        self.replayed = replayed
        self.refusedDials = refusedDials
    }

    package var total: Int { badSignature + replayed + refusedDials }
}

/// The drops of one tunnel, counted from every connection it carries.
final class NATSTunnelDropCounter: Sendable {
    enum Kind {
        case badSignature, replayed, refusedDial
    }

    private let counts = Mutex(NATSTunnelDrops())

    var drops: NATSTunnelDrops { counts.withLock { $0 } }

    func count(_ kind: Kind) {
        counts.withLock { counts in
            switch kind {
            case .badSignature: counts.badSignature += 1
            case .replayed: counts.replayed += 1
            case .refusedDial: counts.refusedDials += 1
            }
        }
    }
}
