/// Turns an NMEA log's fixes into the document `GPXActivity` replays, one track of one segment,
/// so that a receiver's log is replayed by the same rules as a GPX track; what the reader skipped
/// is said in the notes.
enum NMEADocument {
    /// The accuracy (metres) gpsd gives a fix per unit of HDOP (docs/GPSD-NMEA.md): a log replayed
    /// here claims what it claims tracked through gpsd.
    static let metresPerHDOP = 19.0

    static func document(_ log: NMEALog, file: String) -> GPXTrack {
        var points = GPXPointList()
        for fix in log.fixes {
            let whole = fix.unixTime.rounded(.down)
            points.append(GPXPoint(
                latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, elevation: fix.altitude,
                time: CivilTime.Instant(epochSeconds: Int64(whole), fraction: fix.unixTime - whole),
                accuracy: fix.hdop.map { $0 * metresPerHDOP }, deviceSpeed: fix.speed,
                track: 0, segment: 0, line: Int32(clamping: fix.line)))
        }
        return GPXTrack(
            file: file, metadataName: nil, tracks: [GPXTrack.Track(isRoute: false, line: 0)], points: points,
            format: .nmea, notes: notes(log.counts))
    }

    static func notes(_ counts: NMEALog.Counts) -> [String] {
        var notes: [String] = []
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        if counts.badChecksum > 0 { notes.append("skipped \(plural(counts.badChecksum, "sentence")) with a bad checksum") }
        if counts.noChecksum > 0 { notes.append("skipped \(plural(counts.noChecksum, "sentence")) without a checksum") }
        if counts.notSentences > 0 { notes.append("skipped \(plural(counts.notSentences, "line")) that \(counts.notSentences == 1 ? "is" : "are") no NMEA sentence") }
        if counts.withoutFix > 0 { notes.append("\(plural(counts.withoutFix, "receiver cycle")) without a fix") }
        if counts.timeWentBack > 0 { notes.append("dropped \(counts.timeWentBack) fix\(counts.timeWentBack == 1 ? "" : "es") whose time went back") }
        if counts.clockStepsBack > 0 {
            notes.append("the receiver's clock stepped back \(counts.clockStepsBack == 1 ? "once" : "\(counts.clockStepsBack) times") while its position carried on; run time carries on from the fix before")
        }
        return notes
    }
}
