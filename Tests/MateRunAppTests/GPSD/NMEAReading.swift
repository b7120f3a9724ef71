import Foundation
import MateRunDomain
import MateRunRecords

/// Reads back what the tests need of NMEA and gpsd's JSON: an RMC's time and position, a TPV's.
struct ReadFix: Equatable {
    var unixTime: Double
    var coordinate: Coordinate
    /// Metres per second, when the sentence or report says (RMC's knots, TPV's speed).
    var speed: Double?

    /// An RMC sentence with status A and a good checksum, else nil.
    init?(rmc line: String) {
        guard line.hasPrefix("$GPRMC,"), let star = line.lastIndex(of: "*") else { return nil }
        let body = line[line.index(after: line.startIndex)..<star]
        guard UInt8(line[line.index(after: star)...].prefix(2), radix: 16) == body.utf8.reduce(0, ^) else { return nil }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 10, fields[2] == "A", let clock = Double(fields[1]), fields[9].count == 6,
              let date = Int(fields[9]), let latitude = Self.degrees(fields[3], fields[4]),
              let longitude = Self.degrees(fields[5], fields[6])
        else { return nil }
        let day = CivilDate(year: 2000 + date % 100, month: date / 100 % 100, day: date / 10_000)
        let hours = (clock / 10_000).rounded(.down), minutes = (clock / 100).rounded(.down) - hours * 100
        let seconds = clock - (clock / 100).rounded(.down) * 100
        unixTime = Double(day.daysSinceEpoch) * 86_400 + hours * 3600 + minutes * 60 + seconds
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
        speed = Double(fields[7]).map { $0 * 1852 / 3600 }
    }

    /// A TPV object with a fix (mode 2 or 3, time, lat, lon), else nil.
    init?(tpv object: [String: Any]) {
        guard object["class"] as? String == "TPV", let mode = object["mode"] as? Int, mode >= 2,
              let time = object["time"] as? String, let latitude = object["lat"] as? Double,
              let longitude = object["lon"] as? Double, let unix = Self.isoSeconds(time)
        else { return nil }
        unixTime = unix
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
        speed = object["speed"] as? Double
    }

    private static func degrees(_ text: String, _ hemisphere: String) -> Double? {
        guard let value = Double(text) else { return nil }
        let whole = (value / 100).rounded(.down)
        let degrees = whole + (value - whole * 100) / 60
        return hemisphere == "S" || hemisphere == "W" ? -degrees : degrees
    }

    /// `2026-11-23T18:41:41.780Z` as seconds since 1970.
    private static func isoSeconds(_ text: String) -> Double? {
        let parts = text.dropLast().split(separator: "T")
        guard text.hasSuffix("Z"), parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts[1].split(separator: ":").compactMap { Double($0) }
        guard date.count == 3, time.count == 3 else { return nil }
        let day = CivilDate(year: date[0], month: date[1], day: date[2])
        return Double(day.daysSinceEpoch) * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
    }
}
