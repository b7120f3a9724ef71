import Foundation

/// One line of a scenario listing: what a `materun scenarios` command prints.
package struct ScenarioListing: Sendable, Equatable {
    /// The file name inside the listed directory.
    package var file: String
    package var name: String
    package var summary: String
    package var durationSeconds: Double
    /// The true distance of a scripted scenario, nil for recorded tracks.
    package var routeMetres: Double?
    /// Why the file did not load, if it did not: the listing still shows it.
    package var problem: ScenarioError?
}

/// The scenario files in a directory, so that a user can see what can be replayed.
package enum BundledScenarios {
    /// Every `.json`, `.gpx`, `.tcx`, `.fit` and `.nmea` file in `directory` (and every `.log` or
    /// `.txt` that opens with NMEA sentences), sorted by file name. A file that does not load is
    /// listed with its `problem` rather than hidden.
    package static func list(in directory: String) throws(ScenarioError) -> [ScenarioListing] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ScenarioError(file: directory, place: "", expected: "expected a readable directory of scenarios")
        }
        return names
            .filter { name in
                switch (name as NSString).pathExtension.lowercased() {
                case "json", "gpx", "tcx", "fit", "nmea": true
                case "log", "txt": ScenarioLoader.opensAsNMEALog(path: (directory as NSString).appendingPathComponent(name))
                default: false
                }
            }
            .sorted()
            .map { file in
                let path = (directory as NSString).appendingPathComponent(file)
                do throws(ScenarioError) {
                    let scenario = try ScenarioLoader.load(path: path)
                    return ScenarioListing(
                        file: file, name: scenario.name, summary: scenario.summary,
                        durationSeconds: scenario.durationSeconds, routeMetres: scenario.routeMetres, problem: nil)
                } catch {
                    return ScenarioListing(
                        file: file, name: file, summary: error.description, durationSeconds: 0, routeMetres: nil,
                        problem: error)
                }
            }
    }
}
