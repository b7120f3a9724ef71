import MateRunDomain

/// The formats `materun export` writes, by the word `--format` takes.
package enum ExportFormat: String, Sendable, CaseIterable {
    case gpx
    case tcx
    /// NMEA 0183 sentences (GGA and RMC per fix), a log `gpsfake` replays.
    case nmea
    /// A FIT activity file (binary), what Garmin Connect and Strava import best.
    case fit

    /// Whether the file is bytes rather than text (not for a terminal).
    package var isBinary: Bool { self == .fit }

    /// The whole file for `run`; `raw` writes a GPX track's fixes as the receiver gave them
    /// instead of the track the tracker counted.
    package func bytes(_ run: RunRecord, raw: Bool = false) -> [UInt8] {
        switch self {
        case .gpx: Array(GPXExport.document(run, raw: raw).utf8)
        case .tcx: Array(TCXExport.document(run).utf8)
        case .nmea: Array(NMEAExport.document(run).utf8)
        case .fit: FITExport.bytes(run)
        }
    }
}
