import Synchronization

/// How many group messages a party dropped because they were forged, altered, replayed or over
/// a limit: shown at the end of a run (`materun: dropped N …`) and in the summary's `group`.
package final class GroupDropCount: Sendable {
    private let count = Atomic<Int>(0)

    package init() {}

    package func add() {
        count.add(1, ordering: .relaxed)
    }

    package var value: Int { count.load(ordering: .relaxed) }
}
