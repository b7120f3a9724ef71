import MateRunDomain

/// Turns a decoded FIT activity into the document `GPXActivity` replays: each `session` a track
/// (a multisport file's legs, picked with `--track N`), each stretch between the timer's stop
/// and start a segment (a pause), each `record` with a position a point.
///
/// Exists so that a FIT file is replayed by the same rules as a GPX track (pauses, other
/// activities, times that go back) instead of rules of its own. Records without a position (the
/// seconds before the GPS had a fix, an indoor run) are dropped and counted in a note.
enum FITDocument {
    /// The FIT profile's file types, for a file that holds no activity.
    private static let fileTypes: [UInt8: String] = [
        1: "device", 2: "settings", 3: "sport settings", 5: "workout", 6: "course", 7: "schedules",
        9: "weight", 10: "totals", 11: "goals", 14: "blood pressure", 15: "monitoring", 20: "activity summary",
        28: "monitoring daily", 32: "monitoring", 34: "segment", 35: "segment list",
    ]

    static func document(_ log: FITLog, file: String) throws(ScenarioError) -> GPXTrack {
        let sessions = log.sessions.sorted { ($0.start ?? 0) < ($1.start ?? 0) }
        var tracks = sessions.map { GPXTrack.Track(isRoute: false, line: 0, name: nil, type: sportName($0.sport)) }
        if tracks.isEmpty { tracks = [GPXTrack.Track(isRoute: false, line: 0)] }
        var points = GPXPointList()
        var withoutPosition = 0, withoutTime = 0
        var outOfRange = 0, firstOutOfRange = 0
        for record in log.records {
            guard let timestamp = record.timestamp else {
                withoutTime += 1
                continue
            }
            guard let latitude = record.latitude, let longitude = record.longitude else {
                withoutPosition += 1
                continue
            }
            guard (-90...90).contains(latitude), (-180...180).contains(longitude), latitude != 0 || longitude != 0 else {
                if outOfRange == 0 { firstOutOfRange = record.offset }
                outOfRange += 1
                continue
            }
            let track = Int32(session(at: timestamp, in: sessions))
            points.append(GPXPoint(
                latitude: latitude, longitude: longitude, elevation: record.altitude,
                time: CivilTime.Instant(epochSeconds: Int64(timestamp) + FITDecoder.epochOffset, fraction: 0),
                heartRate: record.heartRate, cadence: record.cadence, accuracy: record.accuracy,
                deviceDistance: record.distance, deviceSpeed: record.speed,
                track: track, segment: Int32(clamping: record.timerStops &+ Int(track)), line: Int32(clamping: record.offset)))
        }
        guard !points.isEmpty else {
            let what = log.fileType.flatMap { $0 == 4 ? nil : fileTypes[$0].map { "a \($0) file" } }
                ?? (log.records.isEmpty ? "no record messages" : "\(log.records.count) records, none with a position (an indoor activity?)")
            throw ScenarioError(file: file, place: "", expected: "expected an activity with positions (record messages with position_lat and position_long), found \(what)")
        }
        var notes: [String] = []
        if withoutPosition > 0 {
            notes.append("dropped \(withoutPosition) record\(withoutPosition == 1 ? "" : "s") without a position (before the GPS had a fix, or indoors)")
        }
        if withoutTime > 0 {
            notes.append("dropped \(withoutTime) record\(withoutTime == 1 ? "" : "s") without a timestamp")
        }
        if outOfRange > 0 {
            notes.append("dropped \(outOfRange) record\(outOfRange == 1 ? "" : "s") with an impossible position (the first at byte \(firstOutOfRange))")
        }
        return GPXTrack(
            file: file, metadataName: nil, tracks: tracks, points: points, format: .fit, notes: notes,
            laps: GPXTrack.Laps(count: log.laps, manual: log.manualLaps))
    }

    /// Index of the session a record at `timestamp` belongs to: the last one started at or
    /// before it (the first for records before any).
    private static func session(at timestamp: UInt32, in sessions: [FITLog.Session]) -> Int {
        sessions.lastIndex { ($0.start ?? 0) <= timestamp } ?? 0
    }

    /// The FIT sport as a word `GPXActivity.sport(named:)` reads.
    private static func sportName(_ sport: UInt8?) -> String? {
        switch sport {
        case 1: "running"
        case 2: "cycling"
        case 11: "walking"
        case 17: "hiking"
        default: nil
        }
    }
}
