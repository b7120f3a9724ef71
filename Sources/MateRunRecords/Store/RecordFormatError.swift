/// A store file that does not read as what it should be: the file and place, and what is wrong.
package struct RecordFormatError: Error, Equatable, CustomStringConvertible {
    /// The file and field or position: `run.json "distance_m"`, `run.json line 1, column 14`.
    package var place: String
    /// What is wrong, e.g. `expected a string`.
    package var problem: String

    package init(place: String, problem: String) {
        self.place = place
        self.problem = problem
    }

    package init(place: String, expected: String) {
        self.init(place: place, problem: "expected \(expected)")
    }

    package var description: String { "\(place): \(problem)" }
}
