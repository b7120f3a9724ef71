import Foundation
import Glibc

/// Loads a scenario file, JSON, GPX, TCX, FIT or an NMEA 0183 log, into a `Scenario`.
///
/// The one entry point the app needs: it picks the format by extension (`.json`, `.gpx`, `.tcx`,
/// `.fit`, `.nmea`) or, for any other name (`.log`, `.txt`…), by the content (`.FIT` in a FIT
/// header, `{`, `<` and a TrainingCenterDatabase root, or NMEA sentences), and turns every
/// problem into a `ScenarioError` that names the file and the place.
package enum ScenarioLoader {
    /// `gpx` says which track of a GPX, TCX or FIT file to replay, and at what pace; a JSON
    /// scenario takes no such options.
    package static func load(path: String, gpx: GPXReplayOptions = GPXReplayOptions()) throws(ScenarioError) -> Scenario {
        var file = try ScenarioFile(path: path)
        defer { file.close() }
        let first = try file.read()
        switch format(of: path, bytes: first) {
        case .json:
            try refuseGPXOptions(gpx, path: path)
            guard file.size <= ScenarioLimits.maxJSONBytes else {
                throw ScenarioError(
                    file: path, place: "",
                    expected: "expected a JSON scenario of at most \(ScenarioLimits.maxJSONBytes >> 20) MB, found \(file.size >> 20) MB (replay a long recording as GPX)")
            }
            var bytes = first
            while case let chunk = try file.read(), !chunk.isEmpty {
                bytes += chunk
            }
            return try load(bytes: bytes, path: path, gpx: gpx)
        case .gpx:
            var parser = GPXParser(file: path)
            var chunk = first
            while !chunk.isEmpty {
                try parser.feed(chunk, isLast: false)
                chunk = try file.read()
            }
            try parser.feed([], isLast: true)
            return try GPXActivity.scenario(from: (consume parser).track(), options: gpx, fallbackName: fileStem(path))
        case .tcx, .fit, .nmea:
            guard file.size <= ScenarioLimits.maxWholeFileBytes else {
                throw ScenarioError(
                    file: path, place: "",
                    expected: "expected a TCX, FIT or NMEA file of at most \(ScenarioLimits.maxWholeFileBytes >> 20) MB, found \(file.size >> 20) MB")
            }
            var bytes = first
            while case let chunk = try file.read(), !chunk.isEmpty {
                bytes += chunk
            }
            return try load(bytes: bytes, path: path, gpx: gpx)
        case nil:
            throw unknownFormat(path)
        }
    }

    /// `load(path:)` on bytes already read; `path` names the file in errors and picks the format.
    /// (`package` for the fuzzer, which feeds bytes without touching the disk.)
    package static func load(bytes: [UInt8], path: String, gpx: GPXReplayOptions = GPXReplayOptions()) throws(ScenarioError) -> Scenario {
        switch format(of: path, bytes: bytes) {
        case .json:
            try refuseGPXOptions(gpx, path: path)
            let root = try ScenarioJSONNode.parseDocument(bytes, file: path)
            return try ScenarioFileDTO.decode(root).toDomain()
        case .gpx:
            return try GPXActivity.scenario(from: GPXParser.parse(bytes, file: path), options: gpx, fallbackName: fileStem(path))
        case .tcx:
            return try GPXActivity.scenario(from: TCXParser.parse(bytes, file: path), options: gpx, fallbackName: fileStem(path))
        case .fit:
            let document = try FITDocument.document(FITDecoder.decode(bytes, file: path), file: path)
            return try GPXActivity.scenario(from: document, options: gpx, fallbackName: fileStem(path))
        case .nmea:
            let document = try NMEADocument.document(NMEALogReader.read(bytes, file: path), file: path)
            return try GPXActivity.scenario(from: document, options: gpx, fallbackName: fileStem(path))
        case nil:
            throw unknownFormat(path)
        }
    }

    /// Whether the file at `path` opens with NMEA sentences (a `.log` or `.txt` that is a log).
    package static func opensAsNMEALog(path: String) -> Bool {
        guard var file = try? ScenarioFile(path: path) else { return false }
        defer { file.close() }
        return (try? file.read()).map { NMEASentence.opensALog($0.prefix(4096)) } ?? false
    }

    private static func unknownFormat(_ path: String) -> ScenarioError {
        ScenarioError(file: path, place: "", expected: "expected a .json scenario, a .gpx, .tcx or .fit track, or an NMEA 0183 log")
    }

    /// A JSON scenario has its own route and paces: a track number or a pace for it is a mistake
    /// worth saying, before a large file is read.
    private static func refuseGPXOptions(_ gpx: GPXReplayOptions, path: String) throws(ScenarioError) {
        guard gpx == GPXReplayOptions() else {
            throw ScenarioError(
                file: path, place: "",
                expected: "--track and --pace apply to GPX, TCX and FIT tracks; this is a JSON scenario, which has its own route and paces")
        }
    }

    private enum Format { case json, gpx, tcx, fit, nmea }

    private static func format(of path: String, bytes: [UInt8]) -> Format? {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": return .json
        case "gpx": return .gpx
        case "tcx": return .tcx
        case "fit": return .fit
        case "nmea": return .nmea
        default:
            if bytes.count >= 12, bytes[8..<12].elementsEqual(".FIT".utf8) { return .fit }
            if NMEASentence.opensALog(bytes.prefix(4096)) { return .nmea }
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            if first == UInt8(ascii: "{") { return .json }
            guard first == UInt8(ascii: "<") else { return nil }
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            return head.contains("TrainingCenterDatabase") ? .tcx : .gpx
        }
    }

    private static func fileStem(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
