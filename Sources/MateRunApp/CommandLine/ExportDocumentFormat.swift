import MateRunRecords

/// The formats `materun export --format` takes: the track files the records layer writes, and
/// `html`, the run's web page, which the presentation layer draws (the records layer cannot
/// reach it, so the choice between them is made here).
package enum ExportDocumentFormat: String, Sendable, Equatable, CaseIterable {
    case gpx
    case tcx
    case nmea
    /// A FIT activity file (binary).
    case fit
    /// The run's web page with its messages inside (`LiveRunPage`): map, result and charts, offline.
    case html

    /// The records layer's format for a track file; nil for the web page.
    var trackFormat: ExportFormat? { ExportFormat(rawValue: rawValue) }

    /// `gpx, tcx, nmea, fit or html` (quoted: `'gpx', 'tcx', 'nmea', 'fit' or 'html'`), for the usage errors.
    static func wordList(quoted: Bool = false) -> String {
        let words = allCases.map { quoted ? "'\($0.rawValue)'" : $0.rawValue }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}
