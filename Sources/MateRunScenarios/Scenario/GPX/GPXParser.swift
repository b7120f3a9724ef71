import Glibc
import MateRunDomain

/// Reads GPX 1.1 tracks (`gpx/trk/trkseg/trkpt`) with a byte-level scanner.
///
/// Exists because replay files can hold hundreds of thousands of points: an XML parser with a
/// date formatter per point is an order of magnitude slower than walking the bytes once. It reads
/// what a track needs (`lat`/`lon` in either order and either quote, `<ele>`, `<time>`, names),
/// skips the XML declaration, comments, CDATA, `<extensions>`, waypoints and routes, and reports
/// any problem with its line number.
enum GPXParser {
    static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> GPXTrack {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<GPXTrack, ScenarioError> in
            var scanner = GPXScanner(bytes: buffer, file: file)
            do throws(ScenarioError) {
                return .success(try scanner.scan())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// One pass over a GPX document: a tag at a time, keeping only track state.
private struct GPXScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    private var index = 0
    private var depth = 0
    private var sawRoot = false
    private var trackDepth = 0
    private var metadataDepth = 0
    private var pointDepth = 0
    private var trackName: String?
    private var metadataName: String?
    private var point = PendingPoint()
    private var origin: CivilTime.Instant?
    private var points: [LocationSample] = []

    /// The `<trkpt>` being read.
    private struct PendingPoint {
        var tagOffset = 0
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var time: CivilTime.Instant?
    }

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        points.reserveCapacity(bytes.count / 120)
    }

    mutating func scan() throws(ScenarioError) -> GPXTrack {
        while let open = nextByte(UInt8(ascii: "<"), from: index) {
            index = open + 1
            guard index < bytes.count else { throw failure(at: open, "expected a tag after '<', found the end of the file") }
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
                try close()
                depth -= 1
            default:
                try openTag(at: open)
            }
        }
        guard sawRoot else { throw failure(at: nil, "expected a GPX document (<gpx> ... </gpx>), found no <gpx> element") }
        guard !points.isEmpty else {
            throw failure(at: nil, "expected at least one <trkpt> inside <trk><trkseg>; the track is empty")
        }
        return GPXTrack(name: trackName ?? metadataName, points: points)
    }

    // MARK: - Tags

    private mutating func openTag(at open: Int) throws(ScenarioError) {
        let nameStart = index
        while index < bytes.count, !isNameEnd(bytes[index]) { index += 1 }
        let name = localName(nameStart, index)
        let attributesStart = index
        guard let close = nextByte(UInt8(ascii: ">"), from: index) else {
            throw failure(at: open, "expected '>' to close the tag, found the end of the file")
        }
        let selfClosing = close > attributesStart && bytes[close - 1] == UInt8(ascii: "/")
        index = close + 1
        depth += 1
        if !sawRoot {
            guard matches(name, "gpx") else {
                throw failure(at: open, "expected a <gpx> document, found <\(text(nameStart, name.upperBound))>")
            }
            sawRoot = true
        }
        try element(name, tagAt: open, attributes: attributesStart..<(selfClosing ? close - 1 : close))
        if selfClosing {
            try self.close()
            depth -= 1
        }
    }

    private mutating func element(_ name: Range<Int>, tagAt open: Int, attributes: Range<Int>) throws(ScenarioError) {
        if pointDepth > 0 {
            guard depth == pointDepth + 1 else { return }
            if matches(name, "ele") {
                let (start, end) = trimmedText(from: index)
                guard let value = DecimalText.parse(bytes, from: start, to: end), value.isFinite else {
                    throw failure(at: start, "expected a number in <ele> (metres), found \"\(text(start, end))\"")
                }
                point.elevation = value
            } else if matches(name, "time") {
                let (start, end) = trimmedText(from: index)
                guard let time = CivilTime.parse(bytes, from: start, to: end) else {
                    throw failure(at: start, "expected an ISO-8601 time like 2024-05-18T07:02:13Z in <time>, found \"\(text(start, end))\"")
                }
                point.time = time
            }
        } else if trackDepth > 0 {
            if matches(name, "trkpt") {
                pointDepth = depth
                point = PendingPoint(tagOffset: open)
                try readCoordinates(attributes, tagAt: open)
            } else if matches(name, "name"), depth == trackDepth + 1, trackName == nil {
                trackName = elementText()
            }
        } else if matches(name, "trk") {
            trackDepth = depth
        } else if matches(name, "metadata"), metadataDepth == 0 {
            metadataDepth = depth
        } else if matches(name, "name"), metadataDepth > 0, depth == metadataDepth + 1, metadataName == nil {
            metadataName = elementText()
        }
    }

    private mutating func close() throws(ScenarioError) {
        if depth == pointDepth, pointDepth > 0 {
            try finishPoint()
            pointDepth = 0
        } else if depth == trackDepth {
            trackDepth = 0
        } else if depth == metadataDepth {
            metadataDepth = 0
        }
    }

    private mutating func finishPoint() throws(ScenarioError) {
        let tag = point.tagOffset
        guard let latitude = point.latitude, let longitude = point.longitude else {
            throw failure(at: tag, "expected lat and lon attributes on <trkpt>")
        }
        guard (-90...90).contains(latitude) else {
            throw failure(at: tag, "expected a latitude between -90 and 90 degrees, found \(latitude)")
        }
        guard (-180...180).contains(longitude) else {
            throw failure(at: tag, "expected a longitude between -180 and 180 degrees, found \(longitude)")
        }
        guard let instant = point.time else {
            throw failure(at: tag, "expected a <time> in every <trkpt> (a replay is timed by it)")
        }
        let start = origin ?? instant
        origin = start
        let time = instant.seconds(since: start)
        if let previous = points.last?.time, time < previous {
            throw failure(at: tag, "expected a <time> no earlier than the previous point's (time went backwards by \(previous - time) s)")
        }
        guard time <= ScenarioLimits.maxDurationSeconds else {
            throw failure(at: tag, "expected a track lasting at most \(ScenarioLimits.maxDurationText), found a <time> \(ClockText.text(time)) after the first point's")
        }
        points.append(LocationSample(
            time: time, coordinate: Coordinate(latitude: latitude, longitude: longitude), elevation: point.elevation))
    }

    /// Reads `lat` and `lon` from a `<trkpt>`'s attributes, in any order, with either quote.
    private mutating func readCoordinates(_ range: Range<Int>, tagAt open: Int) throws(ScenarioError) {
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
            let (start, end) = trimmed(valueStart, valueEnd)
            guard let value = DecimalText.parse(bytes, from: start, to: end), value.isFinite else {
                throw failure(at: valueStart, "expected a number in the \(isLatitude ? "lat" : "lon") attribute, found \"\(text(valueStart, valueEnd))\"")
            }
            if isLatitude { point.latitude = value } else { point.longitude = value }
        }
    }

    // MARK: - Bytes

    private func nextByte(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func startsWith(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, count) == 0
    }

    private func skipPast(_ terminator: StaticString, tagAt open: Int) throws(ScenarioError) -> Int {
        var i = index
        while let candidate = nextByte(terminator.utf8Start.pointee, from: i) {
            if startsWith(terminator, at: candidate) { return candidate + terminator.utf8CodeUnitCount }
            i = candidate + 1
        }
        throw failure(at: open, "expected \"\(terminator)\" to end this markup, found the end of the file")
    }

    private func matches(_ name: Range<Int>, _ literal: StaticString) -> Bool {
        name.count == literal.utf8CodeUnitCount && startsWith(literal, at: name.lowerBound)
    }

    /// The name without its namespace prefix (`gpxtpx:hr` → `hr`).
    private func localName(_ start: Int, _ end: Int) -> Range<Int> {
        var local = start
        for i in start..<end where bytes[i] == UInt8(ascii: ":") { local = i + 1 }
        return local..<end
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func trimmed(_ start: Int, _ end: Int) -> (Int, Int) {
        var s = start, e = end
        while s < e, isSpace(bytes[s]) { s += 1 }
        while e > s, isSpace(bytes[e - 1]) { e -= 1 }
        return (s, e)
    }

    /// The element's character data from `start` up to the next tag, trimmed.
    private func trimmedText(from start: Int) -> (Int, Int) {
        trimmed(start, nextByte(UInt8(ascii: "<"), from: start) ?? bytes.count)
    }

    private func elementText() -> String {
        let (start, end) = trimmedText(from: index)
        return XMLText.unescaped(text(start, end))
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 200)]), as: UTF8.self)
    }

    private func failure(at offset: Int?, _ expected: String) -> ScenarioError {
        guard let offset else { return ScenarioError(file: file, place: "", expected: expected) }
        return ScenarioError(file: file, place: "line \(lineNumber(at: offset))", expected: expected)
    }

    /// 1-based line of `offset`: counted only when an error needs it.
    private func lineNumber(at offset: Int) -> Int {
        var line = 1, i = 0
        while let newline = nextByte(0x0A, from: i), newline < offset {
            line += 1
            i = newline + 1
        }
        return line
    }
}
