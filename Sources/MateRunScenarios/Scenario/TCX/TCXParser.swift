import Foundation
import FoundationXML

/// Reads a Garmin TrainingCenterDatabase v2 file (what Garmin Connect and Strava export) into
/// the document `GPXActivity` replays: each `Activity` (or `Course`) a track, each `Trackpoint`
/// with a position a point.
///
/// Elements are matched by namespace URI, never by prefix (exports write `ns3:TPX`, `ax:TPX` or
/// a default namespace). A pause on a Garmin watch starts a new `Track` inside the lap: that is a
/// new segment; the first `Track` of the next lap carries on the segment before it (a lap is a
/// mark, not a pause). Trackpoints without a position (a pause, an indoor run) or with an
/// impossible one are dropped and counted in a note.
final class TCXParser: NSObject, XMLParserDelegate {
    static let database = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let activityExtension = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    private let file: String
    private var tracks: [GPXTrack.Track] = []
    private var points = GPXPointList()
    private var laps = GPXTrack.Laps()
    /// The `(namespace, local name)` of every open element.
    private var path: [(namespace: String, name: String)] = []
    private var text = ""
    private var segment: Int32 = 0
    /// Whether the lap being read has had a `Track` yet.
    private var lapHasTrack = false
    private var point: Pending?
    private var withoutPosition = 0
    private var impossible = 0, firstImpossibleLine = 0
    private var sawRoot = false
    private var failure: ScenarioError?
    private weak var parser: XMLParser?

    /// The `Trackpoint` being read.
    private struct Pending {
        var line: Int
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var time: CivilTime.Instant?
        var heartRate: Double?
        var cadence: Double?
        /// The TPX extension's, per foot.
        var runCadence: Double?
        var distance: Double?
        var speed: Double?
    }

    /// Parses a whole TCX document.
    static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> GPXTrack {
        // FoundationXML's parser traps on a name that is not UTF-8: such a file is refused first.
        if let bad = firstInvalidUTF8(bytes) {
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw ScenarioError(file: file, place: "line \(line)", expected: "expected UTF-8 text, found a byte that is not (0x\(String(bytes[bad], radix: 16, uppercase: true)))")
        }
        // It also crashes on a processing instruction without data (`<?name?>`): refused first too.
        if let bare = firstProcessingInstructionWithoutData(bytes) {
            let line = bytes[..<bare].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw ScenarioError(
                file: file, place: "line \(line)",
                expected: "expected a processing instruction with data (<?name data?>), found one without")
        }
        let reader = TCXParser(file: file)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        reader.parser = parser
        let parsed = parser.parse()
        if let failure = reader.failure { throw failure }
        guard parsed else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw ScenarioError(file: file, place: "line \(parser.lineNumber)", expected: "expected well-formed XML, found a syntax error (\(reason))")
        }
        return try reader.document()
    }

    /// The offset of the first `<?` whose target is followed by nothing but blanks before `?>`,
    /// nil when there is none.
    static func firstProcessingInstructionWithoutData(_ bytes: [UInt8]) -> Int? {
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else { continue }
            var cursor = index + 2
            while cursor < bytes.count, !blank.contains(bytes[cursor]), bytes[cursor] != UInt8(ascii: "?") { cursor += 1 }
            while cursor < bytes.count, blank.contains(bytes[cursor]) { cursor += 1 }
            if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "?"), bytes[cursor + 1] == UInt8(ascii: ">") { return index }
        }
        return nil
    }

    /// The offset of the first byte that does not make valid UTF-8, nil when all do.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private init(file: String) {
        self.file = file
    }

    private func document() throws(ScenarioError) -> GPXTrack {
        guard !points.isEmpty else {
            let why = withoutPosition > 0 ? "\(withoutPosition) without a position (an indoor activity?)" : "none"
            throw ScenarioError(
                file: file, place: "",
                expected: "expected Trackpoints with a Position inside Activity/Lap/Track (or Course/Track), found \(why)")
        }
        var notes: [String] = []
        if withoutPosition > 0 {
            notes.append("dropped \(withoutPosition) Trackpoint\(withoutPosition == 1 ? "" : "s") without a Position (a pause, or indoors)")
        }
        if impossible > 0 {
            notes.append("dropped \(impossible) Trackpoint\(impossible == 1 ? "" : "s") with an impossible Position (the first at line \(firstImpossibleLine))")
        }
        return GPXTrack(file: file, metadataName: nil, tracks: tracks, points: points, format: .tcx, notes: notes, laps: laps)
    }

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        // After a failure the parse is being aborted: whatever libxml2 still reports is ignored.
        guard failure == nil else { return }
        let namespace = namespaceURI ?? ""
        path.append((namespace, elementName))
        if !sawRoot {
            sawRoot = true
            guard namespace == Self.database, elementName == "TrainingCenterDatabase" else {
                fail("expected a TrainingCenterDatabase v2 document (namespace \(Self.database)), found <\(qualifiedName ?? elementName)>")
                return
            }
        }
        text = ""
        guard namespace == Self.database else { return }
        switch elementName {
        case "Activity", "Course":
            tracks.append(GPXTrack.Track(isRoute: false, line: parser.lineNumber, type: attributes["Sport"]))
            segment += 1
            lapHasTrack = false
        case "Lap" where parent == "Activity":
            laps.count += 1
            lapHasTrack = false
        case "Track" where !tracks.isEmpty:
            // A second Track in one lap follows a pause of the watch; the first carries on.
            if lapHasTrack { segment += 1 }
            lapHasTrack = true
        case "Trackpoint" where !tracks.isEmpty:
            point = Pending(line: parser.lineNumber)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil else { return }
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, !path.isEmpty else { return }
        defer { path.removeLast() }
        let namespace = namespaceURI ?? ""
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""
        if namespace == Self.activityExtension, point != nil {
            switch elementName {
            case "Speed": point?.speed = number(value, in: elementName)
            case "RunCadence": point?.runCadence = number(value, in: elementName)
            default: break
            }
            return
        }
        guard namespace == Self.database else { return }
        switch (elementName, parent) {
        case ("Name", "Course"):
            tracks[tracks.count - 1].name = value
        case ("TriggerMethod", "Lap"):
            if value == "Manual" { laps.manual += 1 }
        case ("Trackpoint", _):
            finishPoint()
        case ("Time", "Trackpoint"):
            let time = Array(value.utf8).withUnsafeBufferPointer { CivilTime.parse($0, from: 0, to: $0.count) }
            guard let time else {
                fail("expected an ISO-8601 time like 2024-05-18T07:02:13Z in <Time>, found \"\(value.prefix(60))\"")
                return
            }
            point?.time = time
        case ("LatitudeDegrees", "Position"): point?.latitude = number(value, in: elementName)
        case ("LongitudeDegrees", "Position"): point?.longitude = number(value, in: elementName)
        case ("AltitudeMeters", "Trackpoint"): point?.elevation = number(value, in: elementName)
        case ("DistanceMeters", "Trackpoint"): point?.distance = number(value, in: elementName)
        case ("Value", "HeartRateBpm"): point?.heartRate = number(value, in: elementName)
        case ("Cadence", "Trackpoint"): point?.cadence = number(value, in: elementName)
        default: break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        failure = ScenarioError(
            file: file, place: "line \(parser.lineNumber)",
            expected: "expected well-formed XML, found a syntax error (\((parseError as NSError).localizedDescription))")
    }

    // MARK: - Points

    /// The local name of the element enclosing the one being closed (or opened).
    private var parent: String? {
        path.count >= 2 ? path[path.count - 2].name : nil
    }

    private func finishPoint() {
        guard let done = point else { return }
        point = nil
        guard let latitude = done.latitude, let longitude = done.longitude else {
            withoutPosition += 1
            return
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), latitude != 0 || longitude != 0 else {
            if impossible == 0 { firstImpossibleLine = done.line }
            impossible += 1
            return
        }
        points.append(GPXPoint(
            latitude: latitude, longitude: longitude, elevation: done.elevation, time: done.time,
            heartRate: done.heartRate, cadence: done.cadence ?? done.runCadence,
            deviceDistance: done.distance, deviceSpeed: done.speed,
            track: Int32(tracks.count - 1), segment: segment, line: Int32(clamping: done.line)))
    }

    private func number(_ value: String, in element: String) -> Double? {
        guard let number = Double(value), number.isFinite else {
            fail("expected a number in <\(element)>, found \"\(value.prefix(60))\"")
            return nil
        }
        return number
    }

    private func fail(_ expected: String) {
        guard failure == nil else { return }
        failure = ScenarioError(file: file, place: "line \(parser?.lineNumber ?? 0)", expected: expected)
        parser?.abortParsing()
    }
}
