/// Why a scenario file could not be turned into a `Scenario`, said so that a person can fix it.
///
/// Every error names the file, the place in it (a JSON path such as `segments[2].pace`, or
/// `line 14` in a GPX file) and what was expected there, e.g.
/// `Scenarios/x.json: segments[2].pace: expected a pace like "5:30" (min:sec per km), found "fast"`.
package struct ScenarioError: Error, CustomStringConvertible, Equatable {
    /// The path of the file as it was given.
    package var file: String
    /// Where in the file: a JSON path, `line N`, or empty when the whole file is concerned.
    package var place: String
    /// What was expected there, or what is wrong.
    package var expected: String

    package init(file: String, place: String, expected: String) {
        self.file = file
        self.place = place
        self.expected = expected
    }

    package var description: String {
        place.isEmpty ? "\(file): \(expected)" : "\(file): \(place): \(expected)"
    }
}
