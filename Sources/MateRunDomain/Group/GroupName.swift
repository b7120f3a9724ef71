/// The rule a runner's name follows to be shown to a whole group: 1 to 32 characters, none of
/// them a control or format character. A name that breaks it is refused at the door rather than
/// cleaned, so that every screen shows the same name and no terminal gets an escape.
package enum GroupName {
    package static let maximumLength = 32

    /// Why `name` cannot be used, nil when it can.
    package static func problem(_ name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name.count > maximumLength { return "a name longer than \(maximumLength) characters" }
        for scalar in name.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                return "a name with control characters"
            default:
                continue
            }
        }
        return nil
    }
}
