/// The tracks of a file that cover the same stretch of time, and the order to read their points in.
///
/// A logger's software may write one stretch of time in several `<trk>`: an MTK logger (i-Blue
/// 747, Holux M-241, Qstarz) downloaded with its whole memory read, the overwritten start of the
/// memory included, gives its log sessions newest first and with sessions written again; an app
/// that saves its track more than once writes the same points into a second track. Read in
/// document order, such a file goes back in time at every such track (its points dropped, or the
/// whole file refused as a log of the past), and read blindly by time it would count the repeated
/// stretch twice. Tracks whose times overlap (the next starting before, or at the moment, the last
/// one ended) are one log: their points are read together by time, a point at an instant another
/// of them already gave is a repeat, and no pause comes between them. Tracks that do not overlap
/// keep the document's order, with the pauses and activities it says.
struct OverlappingTracks {
    /// Per track: the first track (in document order) of the log it is part of, when that log is
    /// more than one track.
    private var logOf: [Int32?]
    /// The first segment of each track, to read a log of several tracks as that of its first.
    private var firstSegment: [Int32?]
    /// The indices of the points in the order to read them; nil when no tracks overlap (the
    /// document's order, nothing held).
    private(set) var order: [Int]?
    /// The tracks read together, each log's in document order (numbered from 1), for the note.
    private(set) var logs: [[Int]] = []

    init(_ points: borrowing GPXPointList, in document: GPXTrack) {
        let count = document.tracks.count
        logOf = Array(repeating: nil, count: count)
        firstSegment = Array(repeating: nil, count: count)
        // One track overlaps nothing: the usual file is not read twice.
        guard count > 1 else { return }
        // Each track's span, over the times a replay can use.
        var spans = [Span?](repeating: nil, count: count)
        for index in points.indices {
            let point = points[index]
            let track = Int(point.track)
            if firstSegment[track] == nil { firstSegment[track] = point.segment }
            guard !document.tracks[track].isRoute, let time = Self.seconds(point) else { continue }
            if spans[track] == nil { spans[track] = Span(time) } else { spans[track]!.take(time) }
        }
        // Tracks by start; a track starting before the log so far has ended joins it.
        let byStart = spans.indices.filter { spans[$0] != nil }.sorted { spans[$0]!.start < spans[$1]!.start }
        var groups: [[Int]] = []
        var groupEnd = -Double.infinity
        for track in byStart {
            let span = spans[track]!
            if let last = groups.indices.last, span.start <= groupEnd {
                groups[last].append(track)
                groupEnd = max(groupEnd, span.end)
            } else {
                groups.append([track])
                groupEnd = span.end
            }
        }
        logs = groups.filter { $0.count > 1 }.map { $0.sorted().map { $0 + 1 } }
        guard !logs.isEmpty else { return }
        for log in logs {
            let first = Int32(log[0] - 1)
            for number in log { logOf[number - 1] = first }
        }
        order = Self.readingOrder(points, logOf: logOf)
    }

    /// When a track starts and ends, a stray point aside: from its second earliest time to its
    /// second latest, so that one point stamped an hour off (a receiver's clock slipping at a
    /// track's edge) does not make two tracks one log; it goes back, and is dropped as before.
    private struct Span {
        private var first = Double.infinity, second = Double.infinity
        private var last = -Double.infinity, penultimate = -Double.infinity

        init(_ time: Double) {
            take(time)
        }

        var start: Double { second.isFinite ? second : first }
        var end: Double { penultimate.isFinite ? penultimate : last }

        mutating func take(_ time: Double) {
            if time < first { (first, second) = (time, first) } else if time < second { second = time }
            if time > last { (last, penultimate) = (time, last) } else if time > penultimate { penultimate = time }
        }
    }

    /// The segment a point is read in: a log of several tracks is one segment (the first's).
    func segment(of point: GPXPoint) -> Int32 {
        guard let first = logOf[Int(point.track)], let segment = firstSegment[Int(first)] else { return point.segment }
        return segment
    }

    /// Whether two points are the same log's: then one at the other's instant repeats it.
    func shareALog(_ a: GPXPoint, _ b: GPXPoint) -> Bool {
        a.track != b.track && logOf[Int(a.track)] != nil && logOf[Int(a.track)] == logOf[Int(b.track)]
    }

    /// Document order, except that each log of several tracks is read where its first track
    /// starts, all its points by time (points without a usable time first: they are dropped and
    /// counted either way).
    private static func readingOrder(_ points: borrowing GPXPointList, logOf: [Int32?]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(points.count)
        var members: [Int32: [Int]] = [:]
        for index in points.indices {
            if let log = logOf[Int(points[index].track)] { members[log, default: []].append(index) }
        }
        var placed = Set<Int32>()
        for index in points.indices {
            guard let log = logOf[Int(points[index].track)] else {
                order.append(index)
                continue
            }
            guard placed.insert(log).inserted, let indices = members[log] else { continue }
            let keyed = indices.map { (index: $0, time: seconds(points[$0]) ?? -.infinity) }
            order += keyed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.index)
        }
        return order
    }

    /// A point's time in seconds since 1970, when it is one a replay can use.
    private static func seconds(_ point: GPXPoint) -> Double? {
        guard let time = point.time,
              (GPXActivity.earliestPlausibleEpoch..<GPXActivity.latestPlausibleEpoch).contains(time.epochSeconds)
        else { return nil }
        return Double(time.epochSeconds) + time.fraction
    }
}
