import Foundation

/// NMEA 0183 logs written for the tests: a receiver walking north at a steady speed, one cycle
/// a second, its sentences as receivers write them (checksums computed here).
enum NMEAFixtures {
    static let startDay = "060524"  // 2024-05-06
    /// 2024-05-06T08:00:00Z.
    static let startUnix = 1_714_982_400.0

    /// `$body*HH`.
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count == 1 ? "0" : "")\(hex)"
    }

    static func clock(_ secondsOfDay: Int) -> String {
        String(format: "%02d%02d%02d.00", secondsOfDay / 3600 % 24, secondsOfDay / 60 % 60, secondsOfDay % 60)
    }

    /// `ddmm.mmmmmm,N` for a latitude north of the equator.
    static func latitude(_ degrees: Double) -> String {
        let whole = Int(degrees)
        return String(format: "%02d%09.6f,N", whole, (degrees - Double(whole)) * 60)
    }

    static func longitude(_ degrees: Double) -> String {
        let whole = Int(degrees)
        return String(format: "%03d%09.6f,E", whole, (degrees - Double(whole)) * 60)
    }

    /// The latitude after `metres` north of 47°N (111,000 m a degree is close enough for fixtures).
    static func north(_ metres: Double) -> Double { 47 + metres / 111_000 }

    /// GGA and RMC (talker `talker`) for the fix `second` seconds after 08:00:00, `speed` m/s north.
    static func cycle(
        _ second: Int, speed: Double = 3, talker: String = "GP", date: String? = startDay, at metres: Double? = nil, east: Double = 8.5
    ) -> [String] {
        let position = "\(latitude(north(metres ?? Double(second) * speed))),\(longitude(east))"
        let time = clock(8 * 3600 + second)
        let knots = String(format: "%.3f", speed * 3600 / 1852)
        return [
            sentence("\(talker)GGA,\(time),\(position),1,08,0.5,410.0,M,48.0,M,,"),
            sentence("\(talker)RMC,\(time),A,\(position),\(knots),0.0,\(date ?? ""),,,A"),
        ]
    }

    /// A log of `seconds` + 1 cycles.
    static func walk(seconds: Int, speed: Double = 3) -> String {
        (0...seconds).flatMap { cycle($0, speed: speed) }.joined(separator: "\r\n") + "\r\n"
    }

    static func bytes(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }
}
