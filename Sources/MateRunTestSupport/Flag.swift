import Synchronization

/// A flag one task sets and another polls: "has that task ended yet?" without awaiting it.
package final class Flag: Sendable {
    private let value = Mutex(false)

    package init() {}

    package func set() { value.withLock { $0 = true } }
    package var isSet: Bool { value.withLock { $0 } }
}
