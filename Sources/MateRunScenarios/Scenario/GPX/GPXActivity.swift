import MateRunDomain

/// Turns the points of a GPX file (or a TCX or FIT file read into the same shape) into one
/// replayable activity, the way the device that wrote it
/// meant them.
///
/// Devices write what a reader must interpret: a new `<trkseg>` (or `<trk>`) where the runner
/// paused the watch, several unrelated outings in one log, a first fix stamped 1901 before the
/// clock was set, a last point whose time jumps back, a planned route without times. Here each
/// of those gets the reading other tools give it (gpxpy, Strava): a gap between segments is a
/// pause (no distance across it, no moving time); a gap longer than `sameActivityGap` starts
/// another activity, which is left for `--track`; points with an absurd time or a time that goes
/// back are dropped and counted in a note; a track without times replays at the pace given.
enum GPXActivity {
    /// A pause between segments up to this long is a pause of the same outing (a long café stop on
    /// a ride is about an hour); anything longer is another activity.
    static let sameActivityGap = 2.0 * 3600
    /// 1990-01-01: no GPS track predates it; a time before it is a receiver's unset clock.
    static let earliestPlausibleEpoch: Int64 = 631_152_000
    /// 2100-01-01.
    static let latestPlausibleEpoch: Int64 = 4_102_444_800
    /// Running cadence below this (per minute) is counted per foot, as Garmin writes it.
    static let perFootCadenceBelow = 120.0

    static func scenario(from document: consuming GPXTrack, options: GPXReplayOptions, fallbackName: String) throws(ScenarioError) -> Scenario {
        var notes = document.notes
        // The points move out of the document, so that the samples made from them can let them go.
        let points = document.points
        document.points = GPXPointList()
        var (timeline, trackIndex, sport) = try timeline(of: consume points, in: document, options: options, notes: &notes)
        let track = document.tracks[Int(trackIndex)]
        let name = [track.name, document.metadataName].compactMap { $0 }.first { !$0.isEmpty } ?? fallbackName
        let duration = timeline.locations.last?.time ?? 0
        return Scenario(
            name: name,
            summary: summary(of: document, track: track, timeline: timeline),
            runner: nil, goalMetres: nil, locations: timeline.locations, motions: timeline.motions.finish(),
            durationSeconds: duration, routeMetres: nil, source: document.format, sport: sport, notes: notes,
            startedAt: timeline.startedAt)
    }

    /// The samples of the points to replay, the track that names the activity, and its sport.
    private static func timeline(
        of points: consuming GPXPointList, in document: GPXTrack, options: GPXReplayOptions, notes: inout [String]
    ) throws(ScenarioError) -> (Timeline, Int32, Sport) {
        let (chosen, trackIndex) = try choose(from: consume points, in: document, options: options, notes: &notes)
        let sport = sport(named: document.tracks[Int(trackIndex)].type) ?? inferredSport(chosen)
        if let pace = options.paceSecondsPerKilometre {
            let timeline = try paced(chosen, secondsPerKilometre: pace, document: document)
            notes.append("replaying at \(ClockText.text(pace)) per km, not at the file's own times")
            return (timeline, trackIndex, sport)
        }
        return (try timed(consume chosen, sport: sport, document: document, notes: &notes), trackIndex, sport)
    }

    /// `GPX track, 1234 points over 00:41:10`, with what else the file says: its laps, and the
    /// distance its device measured.
    private static func summary(of document: GPXTrack, track: GPXTrack.Track, timeline: Timeline) -> String {
        let duration = timeline.locations.last?.time ?? 0
        var text = "\(document.format.rawValue.uppercased()) \(track.isRoute ? "route" : "track"), \(timeline.locations.count) points over \(ClockText.text(duration))"
        if document.laps.count > 0 {
            text += ", \(document.laps.count) lap\(document.laps.count == 1 ? "" : "s")"
            if document.laps.manual > 0 { text += " (\(document.laps.manual) by hand)" }
        }
        if let measured = timeline.deviceMetres {
            let tens = Int((measured / 10).rounded())
            text += ", \(tens / 100).\(tens % 100 < 10 ? "0" : "")\(tens % 100) km by the device"
        }
        return text
    }

    // MARK: - Which points

    /// The points to replay: the track `--track` names, else every `<trk>`'s (the routes only
    /// when there are no tracks, and then the first route); and the index of the track that
    /// names the activity.
    private static func choose(
        from points: consuming GPXPointList, in document: GPXTrack, options: GPXReplayOptions, notes: inout [String]
    ) throws(ScenarioError) -> (GPXPointList, Int32) {
        let count = document.tracks.count
        if let number = options.track {
            guard (1...max(1, count)).contains(number), count > 0 else {
                throw ScenarioError(
                    file: document.file, place: "",
                    expected: "expected --track between 1 and \(count) (the file has \(count) \(document.trackElements)), found \(number)")
            }
            let index = Int32(number - 1)
            let chosen = GPXPointList(points.lazy.filter { $0.track == index })
            guard !chosen.isEmpty else {
                throw ScenarioError(
                    file: document.file, place: document.tracks[number - 1].line > 0 ? document.place(document.tracks[number - 1].line) : "",
                    expected: "expected points in track \(number)\(quoted(document.tracks[number - 1].name)), found none")
            }
            return (chosen, index)
        }
        if !document.tracks.contains(where: \.isRoute), let first = points.first {
            // The usual file: tracks only, every point replayed (not copied).
            return (points, first.track)
        }
        let onTracks = GPXPointList(points.lazy.filter { !document.tracks[Int($0.track)].isRoute })
        if let first = onTracks.first { return (onTracks, first.track) }
        let route = points[0].track
        let routes = Set(points.map(\.track))
        if routes.count > 1 {
            notes.append("the file holds \(routes.count) routes: replaying the first\(quoted(document.tracks[Int(route)].name)); --track N picks another")
        }
        return (GPXPointList(points.lazy.filter { $0.track == route }), route)
    }

    private static func quoted(_ name: String?) -> String {
        name.map { $0.isEmpty ? "" : " \"\($0)\"" } ?? ""
    }

    // MARK: - Sport

    /// The sport a `<type>` names (`running`, `Run`, `cycling`, `biking`, `hiking`, …).
    static func sport(named type: String?) -> Sport? {
        guard let type = type?.lowercased() else { return nil }
        if type.contains("run") || type.contains("jog") { return .running }
        if type.contains("walk") || type.contains("hik") { return .walking }
        if type.contains("cycl") || type.contains("bik") || type.contains("ride") { return .cycling }
        return nil
    }

    /// Without a `<type>`: a track whose typical moving speed is faster than 5.5 m/s (19.8 km/h,
    /// beyond any runner's pace for more than a sprint) is a ride.
    private static func inferredSport(_ points: GPXPointList) -> Sport {
        // The device's own speed (Doppler, or a foot pod) where the file has it; else the
        // speed between fixes.
        var speeds = points.compactMap(\.deviceSpeed).filter { $0 > MotionTimeline.stillBelow }
        for index in points.indices.dropFirst() where speeds.isEmpty {
            let from = points[index - 1], to = points[index]
            guard from.segment == to.segment, let t0 = from.time, let t1 = to.time else { continue }
            let dt = t1.seconds(since: t0)
            guard dt > 0 else { continue }
            let speed = Geodesic.distance(from: from.coordinate, to: to.coordinate) / dt
            if speed > MotionTimeline.stillBelow { speeds.append(speed) }
        }
        guard !speeds.isEmpty else { return .running }
        speeds.sort()
        return speeds[speeds.count / 2] > 5.5 ? .cycling : .running
    }

    // MARK: - Timing

    /// Samples ready to replay, and the motion updates made from them and the heart rate,
    /// cadence and activity at each (where the file says).
    private struct Timeline {
        var locations: [LocationSample] = []
        var motions = MotionTimeline.Inference()
        /// The distance the device measured over the points replayed, when the file says.
        var deviceMetres: Double?
        /// The first point's time, in seconds since 1970, when the file's own times are replayed.
        var startedAt: Double?
    }

    private static func timed(
        _ points: consuming GPXPointList, sport: Sport, document: GPXTrack, notes: inout [String]
    ) throws(ScenarioError) -> Timeline {
        let file = document.file
        // Indices of the points kept, not copies: a track can hold a million points.
        var kept: [Int] = []
        kept.reserveCapacity(points.count)
        var untimed = 0
        var absurd = 0, firstAbsurdLine: Int32 = 0
        var backwards = 0, firstBackwards: (line: Int32, by: Double) = (0, 0)
        // Points more than `sameActivityGap` before the last kept one: an earlier outing the
        // device logged after this one (another <trk>, a day before), not a clock that slipped.
        var earlier: [Int] = []
        // Tracks covering the same time are one log, read by time; a point at an instant another
        // of its tracks gave is a repeat.
        let overlapping = OverlappingTracks(points, in: document)
        var repeated = 0
        var read = 0
        let pointCount = points.count
        let toRead = overlapping.order?.count ?? pointCount
        while read < toRead {
            let index = overlapping.order?[read] ?? read
            read += 1
            guard let time = points[index].time else {
                untimed += 1
                continue
            }
            guard (earliestPlausibleEpoch..<latestPlausibleEpoch).contains(time.epochSeconds) else {
                if absurd == 0 { firstAbsurdLine = points[index].line }
                absurd += 1
                continue
            }
            if let last = kept.last, let lastTime = points[last].time, time == lastTime,
               overlapping.shareALog(points[last], points[index]) {
                repeated += 1
                continue
            }
            if let last = kept.last.flatMap({ points[$0].time }), time.seconds(since: last) < 0 {
                if last.seconds(since: time) > sameActivityGap {
                    earlier.append(index)
                } else {
                    if backwards == 0 { firstBackwards = (points[index].line, last.seconds(since: time)) }
                    backwards += 1
                }
                continue
            }
            kept.append(index)
        }
        // A track most of whose points have no usable time is a route drawn by hand or a log
        // whose clock was never set: its few times say nothing about the pace.
        guard let first = kept.first, let origin = points[first].time, (kept.count + earlier.count + repeated) * 2 >= points.count else {
            let why = untimed == points.count
                ? "found none (a planned route?)"
                : untimed >= absurd
                    ? "found one in only \(points.count - untimed) of \(points.count) points"
                    : "found \(absurd) of \(points.count) stamped before 1990 or after 2099 (a receiver whose clock was not set)"
            throw ScenarioError(
                file: file, place: "",
                expected: "expected a \(document.timeField) in the points to replay them at their pace, \(why): give a pace, e.g. --pace 5:30 (min:sec per km)")
        }
        if untimed > 0 {
            notes.append("dropped \(untimed) point\(untimed == 1 ? "" : "s") without a \(document.timeField)")
        }
        if absurd > 0 {
            notes.append("dropped \(absurd) point\(absurd == 1 ? "" : "s") whose \(document.timeField) is before 1990 or after 2099 (the first at \(document.place(firstAbsurdLine)))")
        }
        if backwards > 0 {
            notes.append("dropped \(backwards) point\(backwards == 1 ? "" : "s") whose \(document.timeField) went back (the first at \(document.place(firstBackwards.line)), \(ClockText.text(firstBackwards.by)) before the point before it)")
        }
        if let note = earlierActivityNote(earlier, in: points, document: document) { notes.append(note) }
        if let note = overlapNote(overlapping.logs, repeated: repeated) { notes.append(note) }
        let activity = firstActivity(of: kept, in: points, document: document, notes: &notes)
        let doubleCadence = sport != .cycling
            && (medianCadence(activity.lazy.map { points[$0] }).map { $0 < perFootCadenceBelow } ?? false)
        var timeline = Timeline()
        timeline.startedAt = Double(origin.epochSeconds) + origin.fraction
        timeline.deviceMetres = deviceMetres(activity.lazy.compactMap { points[$0].deviceDistance })
        timeline.locations.reserveCapacity(activity.count)
        if let last = activity.last.flatMap({ points[$0].time }) { timeline.motions.reserve(seconds: last.seconds(since: origin)) }
        // Each point is read once, the next one ahead: the segments on either side say the pauses.
        var upcoming = activity.first.map { points[$0] }
        var previousSegment: Int32?
        for position in activity.indices {
            guard let point = upcoming else { break }
            upcoming = position + 1 < activity.endIndex ? points[activity[position + 1]] : nil
            let time = point.time.map { $0.seconds(since: origin) } ?? 0
            guard time <= ScenarioLimits.maxDurationSeconds else {
                throw ScenarioError(
                    file: file, place: document.place(point.line),
                    expected: "expected a track lasting at most \(ScenarioLimits.maxDurationText), found a \(document.timeField) \(ClockText.text(time)) after the first point's")
            }
            let location = LocationSample(
                time: time, coordinate: point.coordinate, elevation: point.elevation,
                horizontalAccuracy: point.accuracy.flatMap { $0 > 0 ? $0 : nil },
                pausesRecording: upcoming.map { overlapping.segment(of: $0) != overlapping.segment(of: point) } ?? false,
                resumesRecording: previousSegment.map { $0 != overlapping.segment(of: point) } ?? false)
            timeline.locations.append(location)
            timeline.motions.add(location, body: MotionTimeline.BodyReading(
                activity: point.activity,
                heartRate: point.heartRate.flatMap { $0 > 0 ? $0 : nil },
                cadence: point.cadence.flatMap { $0 > 0 ? (doubleCadence ? $0 * 2 : $0) : nil }))
            previousSegment = overlapping.segment(of: point)
            // The points before this one are done with (read in the document's order).
            if overlapping.order == nil { points.release(before: activity[position]) }
        }
        return timeline
    }

    /// The kept points (indices into `points`) up to the first gap longer than
    /// `sameActivityGap`; a note says what is left out.
    private static func firstActivity(of kept: [Int], in points: GPXPointList, document: GPXTrack, notes: inout [String]) -> ArraySlice<Int> {
        for position in kept.indices.dropFirst() {
            guard let before = points[kept[position - 1]].time, let after = points[kept[position]].time else { continue }
            let gap = after.seconds(since: before)
            guard gap > sameActivityGap else { continue }
            let rest = Set(kept[position...].map { points[$0].track }).sorted().map { String($0 + 1) }.joined(separator: ", ")
            notes.append("the file holds more than one activity: replaying the first, up to \(document.place(points[kept[position - 1]].line)); after a gap of \(ClockText.text(gap)) the rest (track \(rest)) is left out; --track N replays one track")
            return kept[..<position]
        }
        return kept[...]
    }

    /// Names the earlier outing left out: its day, its tracks and where it starts.
    private static func earlierActivityNote(_ earlier: [Int], in points: GPXPointList, document: GPXTrack) -> String? {
        guard let first = earlier.first, let time = points[first].time else { return nil }
        let day = CivilDate(daysSinceEpoch: Int(time.epochSeconds >= 0 ? time.epochSeconds / 86_400 : (time.epochSeconds - 86_399) / 86_400))
        let date = "\(day.year)-\(day.month < 10 ? "0" : "")\(day.month)-\(day.day < 10 ? "0" : "")\(day.day)"
        let tracks = Set(earlier.map { points[$0].track }).sorted().map { String($0 + 1) }
        return "the file holds another, earlier activity: \(earlier.count) point\(earlier.count == 1 ? "" : "s") from \(date) (track \(tracks.joined(separator: ", ")), from \(document.place(points[first].line))), left out; --track N replays one track"
    }

    /// Says which tracks were read as one log by time, and how many repeated points were dropped.
    private static func overlapNote(_ logs: [[Int]], repeated: Int) -> String? {
        guard !logs.isEmpty else { return nil }
        let named = logs.map { "tracks " + $0.map(String.init).joined(separator: ", ") }.joined(separator: "; ")
        let dropped = repeated > 0 ? "; dropped \(repeated) point\(repeated == 1 ? "" : "s") that another of them repeats" : ""
        return "\(named) cover the same time (a logger's sessions written more than once): read as one track by time\(dropped)"
    }

    /// The distance a device's running total covers: its rises added up, so that a total that
    /// starts again from zero (the next session of a multisport file) adds on.
    private static func deviceMetres(_ totals: some Sequence<Double>) -> Double? {
        var sum: Double?
        var last: Double?
        for total in totals {
            if let last { sum = (sum ?? 0) + max(0, total - last) }
            last = total
        }
        return sum
    }

    private static func medianCadence(_ points: some Sequence<GPXPoint>) -> Double? {
        let values = points.compactMap(\.cadence).filter { $0 > 0 }.sorted()
        return values.isEmpty ? nil : values[values.count / 2]
    }

    /// The points as a steady run at `secondsPerKilometre`: each segment walked at that speed,
    /// one fix a second, the segments one after another with a pause between.
    private static func paced(_ points: GPXPointList, secondsPerKilometre: Double, document: GPXTrack) throws(ScenarioError) -> Timeline {
        let speed = 1000 / secondsPerKilometre
        var timeline = Timeline()
        var start = 0
        var clock = 0.0
        while start < points.count {
            var end = start + 1
            while end < points.count, points[end].segment == points[start].segment { end += 1 }
            let waypoints = points[start..<end].map { RouteWaypoint(coordinate: $0.coordinate, elevation: $0.elevation) }
            let path = RoutePath(waypoints: waypoints, shape: .once)
            let seconds = Int((path.passMetres / speed).rounded(.up))
            guard clock + Double(seconds) <= ScenarioLimits.maxDurationSeconds else {
                throw ScenarioError(
                    file: document.file, place: document.place(points[start].line),
                    expected: "expected a track lasting at most \(ScenarioLimits.maxDurationText) at this pace, found longer")
            }
            let resumes = !timeline.locations.isEmpty
            if resumes { timeline.locations[timeline.locations.count - 1].pausesRecording = true }
            for second in 0...seconds {
                let at = path.position(at: Double(second) * speed)
                let location = LocationSample(
                    time: clock + Double(second), coordinate: at.coordinate, elevation: at.elevation,
                    resumesRecording: resumes && second == 0)
                timeline.locations.append(location)
                timeline.motions.add(location, body: MotionTimeline.BodyReading())
            }
            clock += Double(seconds + 1)
            start = end
        }
        return timeline
    }
}

extension GPXPoint {
    var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
