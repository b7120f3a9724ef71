import Foundation

/// Loads a scenario file, JSON or GPX, into a `Scenario`.
///
/// The one entry point the app needs: it picks the format by extension (`.json`, `.gpx`) or, for
/// any other name, by the first character of the content, and turns every problem into a
/// `ScenarioError` that names the file and the place.
package enum ScenarioLoader {
    package static func load(path: String) throws(ScenarioError) -> Scenario {
        try load(bytes: readFile(path), path: path)
    }

    /// `load(path:)` on bytes already read; `path` names the file in errors and picks the format.
    /// (`package` for the fuzzer, which feeds bytes without touching the disk.)
    package static func load(bytes: [UInt8], path: String) throws(ScenarioError) -> Scenario {
        switch format(of: path, bytes: bytes) {
        case .json:
            let root = try ScenarioJSONNode.parseDocument(Data(bytes), file: path)
            return try ScenarioFileDTO.decode(root).toDomain()
        case .gpx:
            return try GPXParser.parse(bytes, file: path).toDomain(fallbackName: fileStem(path))
        case nil:
            throw ScenarioError(file: path, place: "", expected: "expected a .json scenario or a .gpx track")
        }
    }

    private enum Format { case json, gpx }

    private static func format(of path: String, bytes: [UInt8]) -> Format? {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": return .json
        case "gpx": return .gpx
        default:
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            return first == UInt8(ascii: "{") ? .json : first == UInt8(ascii: "<") ? .gpx : nil
        }
    }

    private static func readFile(_ path: String) throws(ScenarioError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScenarioError(file: path, place: "", expected: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw ScenarioError(file: path, place: "", expected: "expected a scenario file, found a directory")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(file: path, place: "", expected: "cannot read the file (check its permissions)")
        }
        return [UInt8](data)
    }

    private static func fileStem(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
