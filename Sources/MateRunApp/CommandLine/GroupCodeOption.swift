import MateRunGroup

/// `--code` of the group commands: a group's join code (`W-S`) to join, either code to watch.
enum GroupCodeOption {
    /// The code given, checked: a join code to join, either code to watch.
    static func read(_ arguments: ParsedArguments, command: String, joining: Bool) throws(UsageError) -> String {
        guard let text = arguments.string("--code"), let code = GroupCodes(parsing: text) else {
            throw UsageError(
                "\(command) needs --code CODE, as the group's creator printed it (16 letters and digits, then a dash and 12 more to join)",
                command: command)
        }
        if joining, code.secret == nil {
            throw UsageError(
                "\(command) needs the join code (W-S); \(text) is the watch code, which only watches (materun watch)", command: command)
        }
        return text
    }
}
