import MateRunDomain

/// A kept run as a GPX 1.1 track, heart rate and cadence in Garmin's TrackPointExtension v2, the
/// form most running software reads.
package enum GPXExport {
    package static func document(_ run: RunRecord) -> String {
        let summary = run.summary
        let name = XMLText.escaped("\(summary.header.scenario.name) — \(summary.header.runner.name)")
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="materun" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
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
        for fix in run.fixes { out += point(fix, of: summary) }
        out += """
            </trkseg>
          </trk>
        </gpx>

        """
        return out
    }

    private static func point(_ fix: RecordedFix, of summary: RunRecordSummary) -> String {
        var out = "      <trkpt lat=\"\(XMLText.decimal(fix.coordinate.latitude, places: 8))\""
        out += " lon=\"\(XMLText.decimal(fix.coordinate.longitude, places: 8))\">"
        if let elevation = fix.elevation { out += "<ele>\(XMLText.decimal(elevation, places: 2))</ele>" }
        out += "<time>\(ExportTime.text(summary, at: fix.time))</time>"
        let heartRate = fix.heartRate.flatMap(ExportTime.beats)
        let cadence = fix.cadence.map(ExportTime.strideCadence)
        if heartRate != nil || cadence != nil {
            out += "<extensions><gpxtpx:TrackPointExtension>"
            if let heartRate { out += "<gpxtpx:hr>\(heartRate)</gpxtpx:hr>" }
            if let cadence { out += "<gpxtpx:cad>\(cadence)</gpxtpx:cad>" }
            out += "</gpxtpx:TrackPointExtension></extensions>"
        }
        return out + "</trkpt>\n"
    }
}
