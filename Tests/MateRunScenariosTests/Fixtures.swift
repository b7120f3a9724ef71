import Foundation
@testable import MateRunScenarios
import MateRunDomain

/// Scenario files written for one test, in a fresh temporary directory.
struct Fixtures {
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "materun-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` and returns its path.
    func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Loads `json` as a scenario file named `name`.
    func load(json: String, name: String = "scenario.json") throws(ScenarioError) -> Scenario {
        try ScenarioLoader.load(path: write(name, json))
    }

    /// The error loading `text` gives; nil when it loads.
    func error(_ text: String, name: String = "x.json", options: GPXReplayOptions = GPXReplayOptions()) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(path: write(name, text), gpx: options)
            return nil
        } catch {
            return error
        }
    }

    /// The error loading the bytes of a file named `name` gives; nil when it loads.
    func error(fileBytes: [UInt8], name: String, options: GPXReplayOptions = GPXReplayOptions()) -> ScenarioError? {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(fileBytes))
        do {
            _ = try ScenarioLoader.load(path: path, gpx: options)
            return nil
        } catch {
            return error
        }
    }

    /// The repository's `Scenarios/` directory.
    static var bundledDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios").path
    }

    /// A minimal scripted scenario with the given extra top-level fields and segments.
    static func scripted(segments: String, gps: String = "{}", shape: String = "loop") -> String {
        """
        {
          "version": 1, "name": "Test", "description": "A test run",
          "runner": {"name": "Ada", "weight_kg": 60},
          "route": {"shape": "\(shape)", "waypoints": [[40.0, -73.0, 10], [40.0, -72.99, 20], [40.005, -72.99, 30]]},
          "segments": \(segments),
          "gps": \(gps)
        }
        """
    }
}

/// The sum of geodesic distances between consecutive fixes.
func trackLength(_ samples: [LocationSample]) -> Double {
    zip(samples, samples.dropFirst()).reduce(0) { $0 + Geodesic.distance(from: $1.0.coordinate, to: $1.1.coordinate) }
}
