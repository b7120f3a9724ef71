import MateRunDomain

/// A kept run as a GPX 1.1 track, heart rate and cadence in Garmin's TrackPointExtension v2, the
/// form most running software reads, and each fix's claimed accuracy in metres as
/// `<materun:accuracy>`, and what the motion sensor said as `<materun:activity>` (GPX has no
/// field for either; materun reads them back, so that a replay of the export tracks the fixes
/// as the run did).
///
/// The points are the track the tracker counted (`CountedTrack`: the smoothed fixes whose steps
/// make the distance), so that any reader measures the distance the runner was shown; `raw`
/// writes the fixes as the receiver gave them instead (noise included: a reader then measures
/// the noise too).
package enum GPXExport {
    package static func document(_ run: RunRecord, raw: Bool = false) -> String {
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
        \(lapWaypoints(run))  <trk>
            <name>\(name)</name>
            <type>running</type>
            <trkseg>

        """
        let segments = recordedSegments(run.fixes)
        if raw {
            for (index, segment) in segments.enumerated() {
                if index > 0 { out += "      </trkseg>\n      <trkseg>\n" }
                for fix in segment { out += point(fix, of: summary) }
            }
        } else {
            out += counted(segments, of: summary)
        }
        out += """
            </trkseg>
          </trk>
        </gpx>

        """
        return out
    }

    /// The laps the runner marked (the `l` key), as waypoints where each ended, named
    /// `Lap 1`, `Lap 2`, …: GPX has no laps, and this is how apps that export them write them.
    private static func lapWaypoints(_ run: RunRecord) -> String {
        var out = ""
        var fixIndex = run.fixes.startIndex
        for lap in run.summary.outcome.laps {
            while fixIndex + 1 < run.fixes.endIndex, run.fixes[fixIndex + 1].time <= lap.endElapsedSeconds { fixIndex += 1 }
            guard fixIndex < run.fixes.endIndex else { break }
            let at = run.fixes[fixIndex].coordinate
            out += "  <wpt lat=\"\(XMLText.decimal(at.latitude, places: 8))\" lon=\"\(XMLText.decimal(at.longitude, places: 8))\">"
            out += "<time>\(ExportTime.text(run.summary, at: lap.endElapsedSeconds))</time><name>Lap \(lap.index)</name><type>lap</type></wpt>\n"
        }
        return out
    }

    /// The fixes in stretches of recording: fixes while the run was paused are left out.
    private static func recordedSegments(_ fixes: [RecordedFix]) -> [ArraySlice<RecordedFix>] {
        var segments: [ArraySlice<RecordedFix>] = []
        var start: Int? = fixes.isEmpty ? nil : fixes.startIndex
        for index in fixes.indices.dropFirst() {
            if isPaused(from: fixes[index - 1], to: fixes[index]) {
                // This fix came while paused: the segment before it ends.
                if let first = start { segments.append(fixes[first..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let first = start { segments.append(fixes[first...]) }
        return segments
    }

    /// The counted track of the recorded stretches, each point with the readings of the fix it
    /// was smoothed from.
    private static func counted(_ segments: [ArraySlice<RecordedFix>], of summary: RunRecordSummary) -> String {
        var samples: [LocationSample] = []
        var fixes: [RecordedFix] = []
        for segment in segments {
            for fix in segment {
                samples.append(LocationSample(
                    time: fix.time, coordinate: fix.coordinate, elevation: fix.elevation,
                    horizontalAccuracy: fix.horizontalAccuracy))
                fixes.append(fix)
            }
            if !samples.isEmpty { samples[samples.count - 1].pausesRecording = true }
        }
        var out = ""
        var fixIndex = 0
        for (index, point) in CountedTrack.points(of: samples).enumerated() {
            if point.startsSegment, index > 0 { out += "      </trkseg>\n      <trkseg>\n" }
            while fixIndex + 1 < fixes.count, fixes[fixIndex].time < point.time { fixIndex += 1 }
            var fix = fixes[fixIndex]
            fix.time = point.time
            fix.coordinate = point.coordinate
            out += self.point(fix, of: summary)
        }
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
