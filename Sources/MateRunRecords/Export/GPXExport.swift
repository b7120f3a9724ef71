import MateRunDomain

/// A kept run as a GPX 1.1 track, heart rate and cadence in Garmin's TrackPointExtension v2, the
/// form most running software reads, and each fix's claimed accuracy in metres as
/// `<materun:accuracy>`, and what the motion sensor said as `<materun:activity>` (GPX has no
/// field for either; materun reads them back, so that a replay of the export tracks the fixes
/// as the run did).
package enum GPXExport {
    package static func document(_ run: RunRecord) -> String {
        let summary = run.summary
        let name = XMLText.escaped("\(summary.header.scenario.name) — \(summary.header.runner.name)")
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="materun" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
        xmlns:materun="urn:materun:gpx:1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd \
        http://www.garmin.com/xmlschemas/TrackPointExtension/v2 http://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">
          <metadata>
            <name>\(name)</name>
            <time>\(ExportTime.text(summary, at: 0))</time>
          </metadata>
          <trk>
            <name>\(name)</name>
            <type>running</type>
            <trkseg>

        """
        var previous: RecordedFix?
        var breakBeforeNext = false
        for fix in run.fixes {
            defer { previous = fix }
            if let previous, isPaused(from: previous, to: fix) {
                breakBeforeNext = true
                continue
            }
            if breakBeforeNext {
                out += "      </trkseg>\n      <trkseg>\n"
                breakBeforeNext = false
            }
            out += point(fix, of: summary)
        }
        out += """
            </trkseg>
          </trk>
        </gpx>

        """
        return out
    }

    /// Whether the run was paused between two fixes: time went on, moving time did not. A pause
    /// is exported as the end of a `<trkseg>` (as a watch writes its pauses): fixes while paused
    /// are left out, and a replay counts neither distance nor moving time across it.
    private static func isPaused(from previous: RecordedFix, to fix: RecordedFix) -> Bool {
        let elapsed = fix.time - previous.time
        return elapsed > 0.5 && fix.movingSeconds - previous.movingSeconds < elapsed / 2
    }

    private static func point(_ fix: RecordedFix, of summary: RunRecordSummary) -> String {
        var out = "      <trkpt lat=\"\(XMLText.decimal(fix.coordinate.latitude, places: 8))\""
        out += " lon=\"\(XMLText.decimal(fix.coordinate.longitude, places: 8))\">"
        if let elevation = fix.elevation { out += "<ele>\(XMLText.decimal(elevation, places: 2))</ele>" }
        out += "<time>\(ExportTime.text(summary, at: fix.time))</time>"
        let heartRate = fix.heartRate.flatMap(ExportTime.beats)
        let cadence = fix.cadence.map(ExportTime.strideCadence)
        let accuracy = fix.horizontalAccuracy.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        guard heartRate != nil || cadence != nil || accuracy != nil || fix.activity != nil else {
            return out + "</trkpt>\n"
        }
        out += "<extensions>"
        if heartRate != nil || cadence != nil {
            out += "<gpxtpx:TrackPointExtension>"
            if let heartRate { out += "<gpxtpx:hr>\(heartRate)</gpxtpx:hr>" }
            if let cadence { out += "<gpxtpx:cad>\(cadence)</gpxtpx:cad>" }
            out += "</gpxtpx:TrackPointExtension>"
        }
        if let accuracy { out += "<materun:accuracy>\(XMLText.decimal(accuracy, places: 1))</materun:accuracy>" }
        if let activity = fix.activity { out += "<materun:activity>\(activity.rawValue)</materun:activity>" }
        out += "</extensions>"
        return out + "</trkpt>\n"
    }
}
