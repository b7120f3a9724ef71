import MateRunDomain

/// A kept run as a Garmin Training Center (TCX v2) activity: the laps the runner marked (the `l`
/// key; `TriggerMethod` Manual, numbered in their `Notes`), else a lap per kilometre split, each
/// with its trackpoints (time, position, altitude, distance, heart rate, cadence).
package enum TCXExport {
    package static func document(_ run: RunRecord) -> String {
        let summary = run.summary
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 \
        http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
          <Activities>
            <Activity Sport="Running">
              <Id>\(ExportTime.text(summary, at: 0))</Id>

        """
        for lap in laps(of: run) { out += self.lap(lap, of: run) }
        out += """
              <Notes>\(XMLText.escaped("\(summary.header.scenario.name), \(summary.header.runner.name), \(summary.outcome.ending.rawValue)"))</Notes>
            </Activity>
          </Activities>
        </TrainingCenterDatabase>

        """
        return out
    }

    /// One lap: where it starts (elapsed seconds), how long and far it is, and its fixes.
    struct Lap {
        var startSeconds: Double
        var elapsedSeconds: Double
        var distanceMetres: Double
        var fixes: ArraySlice<RecordedFix>
        /// The runner's lap number, for a lap the runner marked; nil for a kilometre split.
        var number: Int?
        var isSplit: Bool
    }

    /// The runner's laps, else the splits, as laps, plus a last lap for whatever the run did
    /// after the last one; a run without either is one lap.
    static func laps(of run: RunRecord) -> [Lap] {
        let figures = run.summary.outcome.figures
        let marked = run.summary.outcome.laps
        var laps: [Lap] = []
        var start = 0.0
        var startDistance = 0.0
        var first = run.fixes.startIndex
        for split in marked.isEmpty ? run.summary.outcome.splits : marked {
            let endDistance = startDistance + split.distanceMetres
            let end = run.fixes[first...].firstIndex { $0.distanceMetres > endDistance + 1e-6 } ?? run.fixes.endIndex
            laps.append(Lap(
                startSeconds: start, elapsedSeconds: max(0, split.endElapsedSeconds - start),
                distanceMetres: split.distanceMetres, fixes: run.fixes[first..<end],
                number: marked.isEmpty ? nil : split.index, isSplit: marked.isEmpty
            ))
            start = split.endElapsedSeconds
            startDistance = endDistance
            first = end
        }
        let rest = max(0, figures.distanceMetres - startDistance)
        if laps.isEmpty || rest >= 0.5 || first < run.fixes.endIndex {
            laps.append(Lap(
                startSeconds: start, elapsedSeconds: max(0, figures.elapsedSeconds - start),
                distanceMetres: rest, fixes: run.fixes[first...],
                number: marked.isEmpty ? nil : laps.count + 1, isSplit: false
            ))
        }
        return laps
    }

    private static func lap(_ lap: Lap, of run: RunRecord) -> String {
        let summary = run.summary
        let figures = summary.outcome.figures
        let share = figures.distanceMetres > 0 ? lap.distanceMetres / figures.distanceMetres : 0
        let calories = min(65_535, max(0, Int((figures.caloriesKilocalories * share).rounded())))
        var out = "      <Lap StartTime=\"\(ExportTime.text(summary, at: lap.startSeconds))\">\n"
        out += "        <TotalTimeSeconds>\(XMLText.decimal(lap.elapsedSeconds, places: 3))</TotalTimeSeconds>\n"
        out += "        <DistanceMeters>\(XMLText.decimal(lap.distanceMetres, places: 2))</DistanceMeters>\n"
        out += "        <Calories>\(calories)</Calories>\n"
        out += "        <Intensity>Active</Intensity>\n"
        out += "        <TriggerMethod>\(lap.isSplit ? "Distance" : "Manual")</TriggerMethod>\n"
        if !lap.fixes.isEmpty {
            out += "        <Track>\n"
            for fix in lap.fixes { out += trackpoint(fix, of: summary) }
            out += "        </Track>\n"
        }
        if let number = lap.number { out += "        <Notes>Lap \(number)</Notes>\n" }
        return out + "      </Lap>\n"
    }

    private static func trackpoint(_ fix: RecordedFix, of summary: RunRecordSummary) -> String {
        var out = "          <Trackpoint><Time>\(ExportTime.text(summary, at: fix.time))</Time>"
        out += "<Position><LatitudeDegrees>\(XMLText.decimal(fix.coordinate.latitude, places: 8))</LatitudeDegrees>"
        out += "<LongitudeDegrees>\(XMLText.decimal(fix.coordinate.longitude, places: 8))</LongitudeDegrees></Position>"
        if let elevation = fix.elevation { out += "<AltitudeMeters>\(XMLText.decimal(elevation, places: 2))</AltitudeMeters>" }
        out += "<DistanceMeters>\(XMLText.decimal(fix.distanceMetres, places: 2))</DistanceMeters>"
        if let beats = fix.heartRate.flatMap(ExportTime.beats) { out += "<HeartRateBpm><Value>\(beats)</Value></HeartRateBpm>" }
        if let cadence = fix.cadence { out += "<Cadence>\(ExportTime.strideCadence(cadence))</Cadence>" }
        return out + "</Trackpoint>\n"
    }
}
