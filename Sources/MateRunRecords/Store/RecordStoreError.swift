/// A store operation that failed, with the path and what was being done.
package struct RecordStoreError: Error, Equatable, CustomStringConvertible {
    package var path: String
    /// What was being done: `write`, `rename into place`, `lock`, …
    package var action: String
    /// The system's reason (strerror) or the store's.
    package var reason: String

    package init(path: String, action: String, reason: String) {
        self.path = path
        self.action = action
        self.reason = reason
    }

    package var description: String { "\(path): cannot \(action): \(reason)" }
}
