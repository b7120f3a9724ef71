import Glibc
import MateRunDomain

/// Reads GPX 1.0/1.1 tracks (`gpx/trk/trkseg/trkpt`) and routes (`gpx/rte/rtept`) with a
/// byte-level scanner, a chunk at a time.
///
/// Exists because replay files can hold hundreds of thousands of points: an XML parser with a
/// date formatter per point is an order of magnitude slower than walking the bytes once, and
/// holding the whole file costs more memory than the run it describes. It reads what a replay
/// needs (`lat`/`lon` in either order and either quote, `<ele>`, `<time>`, heart rate and cadence
/// from the point's extensions under any prefix, each track's `<name>` and `<type>`, where each
/// `<trkseg>` begins), skips the XML declaration, comments, CDATA, other extensions and
/// waypoints, and reports any problem with its line number. What the points mean (which track,
/// pauses, times that go back) is `GPXActivity`'s job. Only the markup being read is kept; a
/// single piece of markup (a tag, a comment, an element's text) longer than `maxMarkupBytes` is
/// refused.
struct GPXParser {
    /// The longest piece of markup kept while waiting for its end: far beyond any real tag.
    static let maxMarkupBytes = 4 << 20

    let file: String
    /// Bytes from the start of the markup being read, not yet scanned to its end.
    private var pending: [UInt8] = []
    /// Lines and bytes already scanned and dropped, for line numbers in errors.
    private var droppedLines = 0
    private var state = GPXScanState()
    private var points = GPXPointList()

    init(file: String) {
        self.file = file
    }

    /// Parses a whole document held in memory (tests and the fuzzer).
    static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> GPXTrack {
        var parser = GPXParser(file: file)
        try parser.feed(bytes, isLast: true)
        return try parser.track()
    }

    /// Scans `chunk`, the next bytes of the document; `isLast` when nothing follows.
    mutating func feed(_ chunk: [UInt8], isLast: Bool) throws(ScenarioError) {
        if pending.isEmpty {
            pending = chunk
        } else {
            pending.append(contentsOf: chunk)
        }
        let outcome = pending.withUnsafeBufferPointer { buffer -> Result<Int?, ScenarioError> in
            var scanner = GPXScanner(bytes: buffer, atEnd: isLast, file: file, linesBefore: droppedLines)
            do throws(GPXScanStop) {
                try scanner.scan(state: &state, points: &points)
                return .success(nil)
            } catch {
                switch error {
                case .needMore(let offset): return .success(offset)
                case .failed(let failure): return .failure(failure)
                }
            }
        }
        guard let keepFrom = try outcome.get() else {
            pending.removeAll()
            return
        }
        droppedLines += Self.newlines(in: pending, before: keepFrom)
        pending.removeSubrange(..<keepFrom)
        if pending.count > Self.maxMarkupBytes {
            throw ScenarioError(
                file: file, place: "line \(droppedLines + 1)",
                expected: "expected markup shorter than \(Self.maxMarkupBytes >> 20) MB, found an unfinished tag, comment or text longer than that")
        }
    }

    private static func newlines(in bytes: [UInt8], before end: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0, offset = 0
            while offset < end, let found = memchr(base + offset, 0x0A, end - offset) {
                count += 1
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return count
        }
    }

    /// The document's tracks and points, once the last chunk was fed: the points move into it.
    consuming func track() throws(ScenarioError) -> GPXTrack {
        guard state.sawRoot else {
            throw ScenarioError(file: file, place: "", expected: "expected a GPX document (<gpx> ... </gpx>), found no <gpx> element")
        }
        let stray = state.stray
        guard !points.isEmpty else {
            let dropped = stray.withoutPosition + stray.impossible
            throw ScenarioError(
                file: file, place: "",
                expected: "expected at least one <trkpt> inside <trk><trkseg> (or <rtept> inside <rte>); the track is empty"
                    + (dropped > 0 ? " (\(dropped) without a usable position)" : ""))
        }
        var notes: [String] = []
        if stray.withoutPosition > 0 {
            notes.append("dropped \(Self.points(stray.withoutPosition)) without a usable lat/lon (the first at line \(stray.firstWithoutPosition))")
        }
        if stray.impossible > 0 {
            notes.append("dropped \(Self.points(stray.impossible)) at an impossible position, such as 0,0 or a latitude beyond 90 (the first at line \(stray.firstImpossible))")
        }
        return GPXTrack(file: file, metadataName: state.metadataName, tracks: state.tracks, points: points, notes: notes)
    }

    private static func points(_ count: Int) -> String {
        count == 1 ? "1 point" : "\(count) points"
    }
}

/// Why a scan stopped before the end of its bytes.
enum GPXScanStop: Error {
    /// The markup starting at this offset continues past the bytes at hand.
    case needMore(at: Int)
    /// The document is broken here.
    case failed(ScenarioError)
}

/// Where the scan stands between chunks: everything but the points, which only grow.
struct GPXScanState {
    var depth = 0
    var sawRoot = false
    var trackDepth = 0
    var metadataDepth = 0
    var pointDepth = 0
    var metadataName: String?
    /// Every `<trk>` and `<rte>` so far, in document order.
    var tracks: [GPXTrack.Track] = []
    /// Numbers each `<trk>`, `<rte>` and `<trkseg>` as it opens: points carry the one they are in.
    var segment: Int32 = 0
    var point = PendingPoint()
    var stray = StrayPoints()

    /// Points dropped for their position: a receiver's glitch costs one point, never the file.
    struct StrayPoints {
        /// No lat or lon, or one that is not a number.
        var withoutPosition = 0
        var firstWithoutPosition = 0
        /// Outside -90...90 / -180...180, or exactly 0,0 (a receiver without a fix).
        var impossible = 0
        var firstImpossible = 0
    }

    /// The `<trkpt>` or `<rtept>` being read.
    struct PendingPoint {
        var line = 0
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var time: CivilTime.Instant?
        var heartRate: Double?
        var cadence: Double?
        var accuracy: Double?
        var activity: Activity?
    }
}

/// One pass over the bytes at hand: a tag at a time. A tag whose end is not in the bytes stops
/// the scan with `needMore` and the state as it was before that tag, so the next pass, with
/// more bytes, reads it again from its `<`.
private struct GPXScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether `bytes` reaches the end of the document.
    let atEnd: Bool
    let file: String
    /// Lines before `bytes[0]`, for line numbers in errors.
    let linesBefore: Int
    private var index = 0
    private var state = GPXScanState()
    /// `lineNumber(at:)`'s progress: the lines before `lineCursor`.
    private var lineCursor = 0
    private var linesCounted: Int

    init(bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool, file: String, linesBefore: Int) {
        self.bytes = bytes
        self.atEnd = atEnd
        self.file = file
        self.linesBefore = linesBefore
        linesCounted = linesBefore
    }

    /// Scans every complete tag, updating `scanState` and appending finished points.
    mutating func scan(state scanState: inout GPXScanState, points: inout GPXPointList) throws(GPXScanStop) {
        state = scanState
        defer { scanState = state }
        while let open = nextByte(UInt8(ascii: "<"), from: index) {
            // A tag changes the state only once its bytes are all at hand (its text read, its
            // end found), except the depth it opens and the root it may be: those two are put
            // back when it needs more, rather than a copy of the whole state kept for every tag.
            let depth = state.depth, sawRoot = state.sawRoot
            let count = points.count
            do throws(GPXScanStop) {
                try tag(at: open, points: &points)
            } catch {
                if case .needMore = error {
                    state.depth = depth
                    state.sawRoot = sawRoot
                    points.removeAll(from: count)
                    throw .needMore(at: open)
                }
                throw error
            }
        }
        if !atEnd { throw .needMore(at: bytes.count) }
    }

    private mutating func tag(at open: Int, points: inout GPXPointList) throws(GPXScanStop) {
        index = open + 1
        guard index < bytes.count else { throw incomplete(at: open, "expected a tag after '<', found the end of the file") }
        if !atEnd, bytes.count - index < 9 { throw .needMore(at: open) }
        switch bytes[index] {
        case UInt8(ascii: "?"):
            index = try skipPast("?>", tagAt: open)
        case UInt8(ascii: "!"):
            if startsWith("!--", at: index) {
                index = try skipPast("-->", tagAt: open)
            } else if startsWith("![CDATA[", at: index) {
                index = try skipPast("]]>", tagAt: open)
            } else {
                index = try skipPast(">", tagAt: open)
            }
        case UInt8(ascii: "/"):
            index = try skipPast(">", tagAt: open)
            try close(points: &points)
            state.depth -= 1
        default:
            try openTag(at: open, points: &points)
        }
    }

    // MARK: - Tags

    private mutating func openTag(at open: Int, points: inout GPXPointList) throws(GPXScanStop) {
        let nameStart = index
        while index < bytes.count, !isNameEnd(bytes[index]) { index += 1 }
        if index == bytes.count { throw incomplete(at: open, "expected '>' to close the tag, found the end of the file") }
        let name = localName(nameStart, index)
        let attributesStart = index
        guard let close = nextByte(UInt8(ascii: ">"), from: index) else {
            throw incomplete(at: open, "expected '>' to close the tag, found the end of the file")
        }
        let selfClosing = close > attributesStart && bytes[close - 1] == UInt8(ascii: "/")
        index = close + 1
        state.depth += 1
        if !state.sawRoot {
            guard matches(name, "gpx") else {
                throw failure(at: open, "expected a <gpx> document, found <\(text(nameStart, name.upperBound))>")
            }
            state.sawRoot = true
        }
        try element(name, tagAt: open, attributes: attributesStart..<(selfClosing ? close - 1 : close))
        if selfClosing {
            try self.close(points: &points)
            state.depth -= 1
        }
    }

    private mutating func element(_ name: Range<Int>, tagAt open: Int, attributes: Range<Int>) throws(GPXScanStop) {
        if state.pointDepth > 0 {
            guard state.depth == state.pointDepth + 1 else {
                try extensionElement(name, tagAt: open)
                return
            }
            if matches(name, "ele") {
                let (start, end) = try trimmedText(from: index, tagAt: open)
                guard let value = DecimalText.parse(bytes, from: start, to: end), value.isFinite else {
                    throw failure(at: start, "expected a number in <ele> (metres), found \"\(text(start, end))\"")
                }
                state.point.elevation = value
            } else if matches(name, "time") {
                let (start, end) = try trimmedText(from: index, tagAt: open)
                guard let time = CivilTime.parse(bytes, from: start, to: end) else {
                    throw failure(at: start, "expected an ISO-8601 time like 2024-05-18T07:02:13Z in <time>, found \"\(text(start, end))\"")
                }
                state.point.time = time
            }
        } else if state.trackDepth > 0 {
            let isRoute = state.tracks.last?.isRoute == true
            if isRoute ? matches(name, "rtept") : matches(name, "trkpt") {
                state.pointDepth = state.depth
                state.point = GPXScanState.PendingPoint(line: lineNumber(at: open))
                try readCoordinates(attributes, tagAt: open)
            } else if !isRoute, matches(name, "trkseg") {
                state.segment += 1
            } else if state.depth == state.trackDepth + 1, matches(name, "name") {
                state.tracks[state.tracks.count - 1].name = try elementText(tagAt: open)
            } else if state.depth == state.trackDepth + 1, matches(name, "type") {
                state.tracks[state.tracks.count - 1].type = try elementText(tagAt: open)
            }
        } else if matches(name, "trk") || matches(name, "rte") {
            state.trackDepth = state.depth
            state.segment += 1
            state.tracks.append(GPXTrack.Track(isRoute: matches(name, "rte"), line: lineNumber(at: open)))
        } else if matches(name, "metadata"), state.metadataDepth == 0 {
            state.metadataDepth = state.depth
        } else if matches(name, "name"), state.metadataDepth > 0, state.depth == state.metadataDepth + 1, state.metadataName == nil {
            state.metadataName = try elementText(tagAt: open)
        }
    }

    private mutating func close(points: inout GPXPointList) throws(GPXScanStop) {
        if state.depth == state.pointDepth, state.pointDepth > 0 {
            finishPoint(into: &points)
            state.pointDepth = 0
        } else if state.depth == state.trackDepth {
            state.trackDepth = 0
        } else if state.depth == state.metadataDepth {
            state.metadataDepth = 0
        }
    }

    /// Heart rate and cadence, wherever a device put them under the point's `<extensions>`:
    /// Garmin's `TrackPointExtension` (v1 and v2, any prefix: `gpxtpx:hr`, `ns3:hr`), or the
    /// plain `heartrate`/`cadence` of other apps; and the fix's claimed accuracy in metres
    /// (`accuracy`) and what the motion sensor said (`activity`: still, walking or running), as
    /// materun's own export writes them.
    private mutating func extensionElement(_ name: Range<Int>, tagAt open: Int) throws(GPXScanStop) {
        if matches(name, "activity") {
            let (start, end) = try trimmedText(from: index, tagAt: open)
            state.point.activity = Activity(rawValue: text(start, end))
            return
        }
        let isHeartRate = matches(name, "hr") || matches(name, "heartrate")
        let isAccuracy = matches(name, "accuracy")
        guard isHeartRate || isAccuracy || matches(name, "cad") || matches(name, "cadence") else { return }
        let (start, end) = try trimmedText(from: index, tagAt: open)
        guard let value = DecimalText.parse(bytes, from: start, to: end), value.isFinite, value >= 0 else {
            throw failure(at: start, "expected a number in <\(text(name.lowerBound, name.upperBound))>, found \"\(text(start, end))\"")
        }
        if isHeartRate {
            state.point.heartRate = value
        } else if isAccuracy {
            state.point.accuracy = value
        } else {
            state.point.cadence = value
        }
    }

    private mutating func finishPoint(into points: inout GPXPointList) {
        let line = state.point.line
        guard let latitude = state.point.latitude, let longitude = state.point.longitude else {
            if state.stray.withoutPosition == 0 { state.stray.firstWithoutPosition = line }
            state.stray.withoutPosition += 1
            return
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), latitude != 0 || longitude != 0 else {
            if state.stray.impossible == 0 { state.stray.firstImpossible = line }
            state.stray.impossible += 1
            return
        }
        points.append(GPXPoint(
            latitude: latitude, longitude: longitude, elevation: state.point.elevation, time: state.point.time,
            heartRate: state.point.heartRate, cadence: state.point.cadence, accuracy: state.point.accuracy,
            activity: state.point.activity,
            track: Int32(state.tracks.count - 1), segment: state.segment, line: Int32(clamping: line)))
    }

    /// Reads `lat` and `lon` from a point's attributes, in any order, with either quote.
    private mutating func readCoordinates(_ range: Range<Int>, tagAt open: Int) throws(GPXScanStop) {
        var i = range.lowerBound
        while true {
            while i < range.upperBound, isSpace(bytes[i]) { i += 1 }
            guard i < range.upperBound else { return }
            let nameStart = i
            while i < range.upperBound, bytes[i] != UInt8(ascii: "="), !isSpace(bytes[i]) { i += 1 }
            let name = localName(nameStart, i)
            while i < range.upperBound, isSpace(bytes[i]) { i += 1 }
            guard i < range.upperBound, bytes[i] == UInt8(ascii: "=") else {
                throw failure(at: nameStart, "expected name=\"value\" attributes in <trkpt>")
            }
            i += 1
            while i < range.upperBound, isSpace(bytes[i]) { i += 1 }
            guard i < range.upperBound, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw failure(at: i, "expected a quoted attribute value in <trkpt>")
            }
            let quote = bytes[i]
            let valueStart = i + 1
            guard let valueEnd = nextByte(quote, from: valueStart), valueEnd < range.upperBound else {
                throw failure(at: i, "expected the attribute value to end with its quote")
            }
            i = valueEnd + 1
            let isLatitude = matches(name, "lat")
            guard isLatitude || matches(name, "lon") else { continue }
            // A value that is not a number leaves the coordinate unknown: the point is dropped.
            let (start, end) = trimmed(valueStart, valueEnd)
            guard let value = DecimalText.parse(bytes, from: start, to: end), value.isFinite else { continue }
            if isLatitude { state.point.latitude = value } else { state.point.longitude = value }
        }
    }

    // MARK: - Bytes
    // The byte tests are inlined: called as methods on the scanner in the middle of a mutating
    // tag, each call copied the whole scanner (304 bytes) first, a fifth of the scan's time.

    @inline(__always)
    private func nextByte(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    @inline(__always)
    private func startsWith(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, count) == 0
    }

    private mutating func skipPast(_ terminator: StaticString, tagAt open: Int) throws(GPXScanStop) -> Int {
        var i = index
        while let candidate = nextByte(terminator.utf8Start.pointee, from: i) {
            if startsWith(terminator, at: candidate) { return candidate + terminator.utf8CodeUnitCount }
            i = candidate + 1
        }
        throw incomplete(at: open, "expected \"\(terminator)\" to end this markup, found the end of the file")
    }

    @inline(__always)
    private func matches(_ name: Range<Int>, _ literal: StaticString) -> Bool {
        name.count == literal.utf8CodeUnitCount && startsWith(literal, at: name.lowerBound)
    }

    /// The name without its namespace prefix (`gpxtpx:hr` → `hr`).
    @inline(__always)
    private func localName(_ start: Int, _ end: Int) -> Range<Int> {
        var local = start
        for i in start..<end where bytes[i] == UInt8(ascii: ":") { local = i + 1 }
        return local..<end
    }

    @inline(__always)
    private func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    @inline(__always)
    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always)
    private func trimmed(_ start: Int, _ end: Int) -> (Int, Int) {
        var s = start, e = end
        while s < e, isSpace(bytes[s]) { s += 1 }
        while e > s, isSpace(bytes[e - 1]) { e -= 1 }
        return (s, e)
    }

    /// The element's character data from `start` up to the next tag, trimmed.
    private mutating func trimmedText(from start: Int, tagAt open: Int) throws(GPXScanStop) -> (Int, Int) {
        guard let end = nextByte(UInt8(ascii: "<"), from: start) else {
            if !atEnd { throw .needMore(at: open) }
            return trimmed(start, bytes.count)
        }
        return trimmed(start, end)
    }

    private mutating func elementText(tagAt open: Int) throws(GPXScanStop) -> String {
        let (start, end) = try trimmedText(from: index, tagAt: open)
        return XMLEntities.unescaped(text(start, end))
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 200)]), as: UTF8.self)
    }

    /// A broken document, with the line of `offset`.
    private mutating func failure(at offset: Int, _ expected: String) -> GPXScanStop {
        failure(line: lineNumber(at: offset), expected)
    }

    private func failure(line: Int, _ expected: String) -> GPXScanStop {
        .failed(ScenarioError(file: file, place: "line \(line)", expected: expected))
    }

    /// Markup that runs past the bytes at hand: more bytes may finish it, unless this is the end.
    private mutating func incomplete(at open: Int, _ expected: String) -> GPXScanStop {
        atEnd ? failure(at: open, expected) : .needMore(at: open)
    }

    /// 1-based line of `offset` in the document, counted forward from the last line asked for
    /// (points ask in order, so the whole scan counts each byte once).
    private mutating func lineNumber(at offset: Int) -> Int {
        if offset < lineCursor {
            lineCursor = 0
            linesCounted = linesBefore
        }
        while let newline = nextByte(0x0A, from: lineCursor), newline < offset {
            linesCounted += 1
            lineCursor = newline + 1
        }
        lineCursor = max(lineCursor, min(offset, bytes.count))
        return linesCounted + 1
    }
}
