import Synchronization

/// The one-time right to consume a single-consumer sequence: the first `take` gets it, a second
/// traps with the sequence's name. A sequence whose iteration drives work (a run, a connection's
/// reads) holds one, so that the convention "one consumer" is checked, not hoped for.
package final class SingleConsumerClaim: Sendable {
    private let taken = Atomic<Bool>(false)

    package init() {}

    /// Takes the claim; traps if it was taken before.
    package func take(_ sequence: StaticString) {
        let (exchanged, _) = taken.compareExchange(expected: false, desired: true, ordering: .relaxed)
        precondition(exchanged, "\(sequence) has a single consumer and was iterated a second time")
    }
}
