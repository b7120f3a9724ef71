/// A JSON object's members in the order they were read or built.
///
/// Order matters for output that must be byte-for-byte deterministic; lookups are linear, which
/// is what the small objects of scenarios, frames and events need. A parsed object never holds
/// a key twice: the parser refuses that.
package struct JSONObject: Sendable, Equatable {
    package private(set) var members: [(key: String, value: JSON)]

    package init(_ members: [(String, JSON)] = []) {
        self.members = members.map { (key: $0.0, value: $0.1) }
    }

    package subscript(key: String) -> JSON? {
        members.first { $0.key == key }?.value
    }

    package var keys: [String] { members.map(\.key) }

    package mutating func append(_ key: String, _ value: JSON) {
        members.append((key: key, value: value))
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
