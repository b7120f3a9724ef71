/// A `Double?` in 8 bytes: NaN stands for missing, so a NaN given is missing too (a figure of a
/// run or a reading of a sensor is never NaN).
///
/// Values held by the hundred thousand (a replay's samples, a file's points) or copied with every
/// event (a snapshot) keep their figures that may be missing through it: an optional `Double`
/// takes 16 bytes once laid out beside others.
@propertyWrapper
package struct PackedOptional: Sendable, Equatable, BitwiseCopyable {
    private var raw: Double

    package init(wrappedValue: Double?) {
        raw = wrappedValue ?? .nan
    }

    package var wrappedValue: Double? {
        get { raw.isNaN ? nil : raw }
        set { raw = newValue ?? .nan }
    }

    package static func == (lhs: PackedOptional, rhs: PackedOptional) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }
}
