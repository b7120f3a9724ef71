import MateRunDomain

/// Remembers wrong pairing codes per address and says how long an address must wait, so that a
/// six-digit code cannot be guessed by brute force.
///
/// After `MateProtocol.wrongCodesBeforeThrottle` wrong codes an address is refused for
/// `throttleInitialPeriod` seconds; every further wrong code doubles the period, up to
/// `throttleMaxPeriod`. A right code forgets the address. Addresses are hosts without the port,
/// since every attempt comes from a new port.
package struct WrongCodeThrottle: Sendable {
    private struct Record {
        var wrongCodes = 0
        var blockedUntil = -Double.infinity
    }

    private var records: [String: Record] = [:]

    package init() {}

    /// Seconds `address` must still wait at time `now`, or nil when it may try a code.
    package func waitTime(for address: String, now: Double) -> Double? {
        guard let record = records[address], record.blockedUntil > now else { return nil }
        return record.blockedUntil - now
    }

    /// Counts a wrong code from `address` at time `now`, starting or lengthening its wait.
    package mutating func recordWrongCode(from address: String, now: Double) {
        var record = records[address] ?? Record()
        record.wrongCodes += 1
        let excess = record.wrongCodes - MateProtocol.wrongCodesBeforeThrottle
        if excess >= 0 {
            let period = MateProtocol.throttleInitialPeriod * Double(1 << min(excess, 16))
            record.blockedUntil = now + min(period, MateProtocol.throttleMaxPeriod)
        }
        records[address] = record
    }

    /// Forgets `address` after it gave the right code.
    package mutating func recordRightCode(from address: String) {
        records[address] = nil
    }
}
