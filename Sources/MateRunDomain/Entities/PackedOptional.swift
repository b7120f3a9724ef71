/// A `Double?` in 8 bytes: NaN stands for missing, so a NaN given is missing too (a figure of a
/// run is never NaN).
package struct PackedOptional: Sendable, Equatable {
    private let raw: Double

    package init(_ value: Double?) {
        raw = value ?? .nan
    }

    package var value: Double? { raw.isNaN ? nil : raw }

    package static func == (lhs: PackedOptional, rhs: PackedOptional) -> Bool {
        lhs.value == rhs.value
    }
}
