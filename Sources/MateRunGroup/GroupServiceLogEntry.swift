/// One event of a group service's instance, as its log gets it: a human line (`text`, what the
/// text log prints), and the same event as data — level, a stable event name, the group it is
/// about and its fields — for `materun serve --log-format json`, so that a log pipeline can
/// select by event or group without parsing sentences.
package struct GroupServiceLogEntry: Sendable, Equatable, CustomStringConvertible {
    package enum Level: String, Sendable {
        case info, warning, error
    }

    package let level: Level
    /// A stable snake_case name, e.g. `group_created`, `group_taken_over`, `lease_lost`.
    package let event: String
    /// The group's watch code, when the event is about one group.
    package let group: String?
    /// The event's values, by name, as text.
    package let fields: [String: String]
    /// The line the text log prints.
    package let text: String

    package init(_ level: Level, _ event: String, group: String? = nil, fields: [String: String] = [:], _ text: String) {
        self.level = level
        self.event = event
        self.group = group
        self.fields = fields
        self.text = text
    }

    package var description: String { text }
}
