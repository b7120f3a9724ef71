/// The name of a kept run: unique across processes, and sorting by it sorts by start time.
///
/// The store makes it from the start time, the process id and a random part
/// (`20261123-065455-4242-9f3a`), so two materun processes starting in the same second cannot
/// pick the same one.
package struct RunRecordID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    package static func < (lhs: RunRecordID, rhs: RunRecordID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
