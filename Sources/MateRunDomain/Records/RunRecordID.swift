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

extension RunRecordID {
    /// The date and time part of an id (`20261123-065455`): the shortest start shown for a run.
    package static let shortLength = 15

    /// For each id, its shortest start of at least `shortLength` characters that no other of
    /// `ids` shares (the whole id when another one starts with it).
    package static func shortestUniquePrefixes(of ids: [RunRecordID]) -> [RunRecordID: String] {
        let sorted = Set(ids).map { Array($0.rawValue.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var result: [RunRecordID: String] = [:]
        for (index, id) in sorted.enumerated() {
            var length = min(shortLength, id.count)
            for neighbour in [index - 1, index + 1] where sorted.indices.contains(neighbour) {
                let shared = zip(id, sorted[neighbour]).prefix { $0 == $1 }.count
                length = max(length, min(shared + 1, id.count))
            }
            result[RunRecordID(String(decoding: id, as: UTF8.self))] = String(decoding: id.prefix(length), as: UTF8.self)
        }
        return result
    }
}
