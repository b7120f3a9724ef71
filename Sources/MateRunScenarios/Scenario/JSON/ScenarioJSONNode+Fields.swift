import MateRunDomain

/// The value shapes that recur in scenario files, each with the complaint a person can act on.
extension ScenarioJSONNode {
    /// A time of day in the run: seconds as a number, or `"mm:ss"` / `"h:mm:ss"`.
    func seconds(meaning: String = "a time") throws(ScenarioError) -> Double {
        if let value = numericValue, value >= 0 { return value }
        if let text = stringValue, let value = ClockText.seconds(text, allowHours: true) { return value }
        throw mismatch("expected \(meaning) like \"12:30\" (min:sec) or a number of seconds, found \(found)")
    }

    /// A pace in seconds per kilometre from `"m:ss"`.
    func pace() throws(ScenarioError) -> Double {
        guard let text = stringValue, let value = ClockText.seconds(text, allowHours: false),
              (60...3600).contains(value) else {
            throw mismatch("expected a pace like \"5:30\" (min:sec per km, from 1:00 to 60:00), found \(found)")
        }
        return value
    }

    func activity() throws(ScenarioError) -> Activity {
        guard let text = stringValue, let activity = Activity(rawValue: text) else {
            throw mismatch("expected \"still\", \"walking\" or \"running\", found \(found)")
        }
        return activity
    }

    func latitude() throws(ScenarioError) -> Double {
        try number(in: -90...90, meaning: "a latitude in degrees")
    }

    func longitude() throws(ScenarioError) -> Double {
        try number(in: -180...180, meaning: "a longitude in degrees")
    }

    func elevation() throws(ScenarioError) -> Double {
        try number(in: -500...9000, meaning: "an elevation in metres")
    }

    /// Complains unless exactly one of two alternative fields is given.
    func requireOne(of first: String, or second: String, because reason: String) throws(ScenarioError) {
        switch (self[first].isMissing, self[second].isMissing) {
        case (true, true): throw mismatch("expected \(first) or \(second) \(reason)")
        case (false, false): throw self[second].mismatch("expected either \(first) or \(second), not both")
        default: return
        }
    }
}
