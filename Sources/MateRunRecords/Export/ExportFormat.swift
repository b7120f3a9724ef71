import MateRunDomain

/// The formats `materun export` writes, by the word `--format` takes.
package enum ExportFormat: String, Sendable, CaseIterable {
    case gpx
    case tcx
    /// NMEA 0183 sentences (GGA and RMC per fix), a log `gpsfake` replays.
    case nmea

    /// The whole file for `run`; `raw` writes a GPX track's fixes as the receiver gave them
    /// instead of the track the tracker counted.
    package func document(_ run: RunRecord, raw: Bool = false) -> String {
        switch self {
        case .gpx: GPXExport.document(run, raw: raw)
        case .tcx: TCXExport.document(run)
        case .nmea: NMEAExport.document(run)
        }
    }
}
