import MateRunDomain

/// The formats `materun export` writes, by the word `--format` takes.
package enum ExportFormat: String, Sendable, CaseIterable {
    case gpx
    case tcx
    /// NMEA 0183 sentences (GGA and RMC per fix), a log `gpsfake` replays.
    case nmea

    /// The whole file for `run`.
    package func document(_ run: RunRecord) -> String {
        switch self {
        case .gpx: GPXExport.document(run)
        case .tcx: TCXExport.document(run)
        case .nmea: NMEAExport.document(run)
        }
    }
}
