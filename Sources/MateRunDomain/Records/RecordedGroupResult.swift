/// A group run's result as the history keeps it: this runner's place, how many ran, and the
/// table (the leaders the group published, in order).
package struct RecordedGroupResult: Sendable, Equatable {
    /// One line of the table.
    package struct Entry: Sendable, Equatable {
        package var place: Int?
        package var name: String
        package var distanceMetres: Double
        package var elapsedSeconds: Double

        package init(place: Int?, name: String, distanceMetres: Double, elapsedSeconds: Double) {
            self.place = place
            self.name = name
            self.distanceMetres = distanceMetres
            self.elapsedSeconds = elapsedSeconds
        }
    }

    /// This runner's place; nil when refused or when the result never arrived.
    package var place: Int?
    package var runners: Int
    package var results: [Entry]

    package init(place: Int?, runners: Int, results: [Entry]) {
        self.place = place
        self.runners = runners
        self.results = results
    }
}
