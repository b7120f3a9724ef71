import MateRunDomain
import MateRunJSON

/// Writes fixes as NMEA 0183 sentences, the language every GPS tool reads (gpsd, gpsfake, chart
/// plotters, the Android emulator's `geo nmea`): a GGA (position, quality, HDOP, altitude) and an
/// RMC (position, speed in knots, course, date) per fix, each ending in CR LF.
///
/// Pure text: no clock, no I/O. Times are UTC to the hundredth of a second; latitude and
/// longitude are degrees and decimal minutes to a millionth of a minute (about 2 mm); the
/// checksum is the XOR of the bytes between `$` and `*`, as two upper-case hex digits.
package enum NMEASentenceWriter {
    /// The claimed accuracy (metres) one unit of HDOP stands for; gpsd turns HDOP back into an
    /// accuracy with the same figure (docs/GPSD-NMEA.md), so a fix read back claims what it did.
    package static let metresPerHDOP = 19.0
    /// The satellite count written in GGA: NMEA needs one; materun's fixes do not carry it.
    static let satellites = "08"
    private static let knotsPerMetrePerSecond = 3600.0 / 1852.0

    /// GGA then RMC for `fix`.
    package static func sentences(_ fix: ReceiverFix) -> String {
        gga(fix) + rmc(fix)
    }

    /// `$GPGGA,hhmmss.ss,ddmm.mmmmmm,N,dddmm.mmmmmm,E,1,08,hdop,alt,M,0.0,M,,*CS` CR LF.
    package static func gga(_ fix: ReceiverFix) -> String {
        let time = UTCFields(fix.unixTime)
        let hdop = fix.horizontalAccuracy.map { JSONNumberText.fixed(max(0.01, min(99.99, $0 / metresPerHDOP)), decimals: 2) } ?? ""
        let altitude = fix.altitude.map { JSONNumberText.fixed($0, decimals: 1) } ?? ""
        let body = "GPGGA,\(time.clock),\(position(fix.coordinate)),1,\(satellites),\(hdop),\(altitude),M,0.0,M,,"
        return sentence(body)
    }

    /// `$GPRMC,hhmmss.ss,A,ddmm.mmmmmm,N,dddmm.mmmmmm,E,knots,course,ddmmyy,,,A*CS` CR LF.
    package static func rmc(_ fix: ReceiverFix) -> String {
        let time = UTCFields(fix.unixTime)
        let knots = fix.speed.map { JSONNumberText.fixed($0 * knotsPerMetrePerSecond, decimals: 3) } ?? ""
        let course = fix.course.map { JSONNumberText.fixed($0, decimals: 1) } ?? ""
        let body = "GPRMC,\(time.clock),A,\(position(fix.coordinate)),\(knots),\(course),\(time.date),,,A"
        return sentence(body)
    }

    /// `$` body `*` checksum CR LF.
    package static func sentence(_ body: String) -> String {
        "$\(body)*\(hex(checksum(body)))\r\n"
    }

    /// The XOR of the bytes of `body` (what lies between `$` and `*`).
    package static func checksum(_ body: String) -> UInt8 {
        body.utf8.reduce(0, ^)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// `ddmm.mmmmmm,N,dddmm.mmmmmm,E`.
    private static func position(_ coordinate: Coordinate) -> String {
        let latitude = degreesMinutes(abs(coordinate.latitude), degreeDigits: 2)
        let longitude = degreesMinutes(abs(coordinate.longitude), degreeDigits: 3)
        return "\(latitude),\(coordinate.latitude < 0 ? "S" : "N"),\(longitude),\(coordinate.longitude < 0 ? "W" : "E")"
    }

    /// Degrees and minutes to six decimals, counted in millionths of a minute so that rounding
    /// can never write 60 minutes.
    private static func degreesMinutes(_ degrees: Double, degreeDigits: Int) -> String {
        let micro = Int((degrees * 60_000_000).rounded())
        let whole = micro / 60_000_000
        let minutes = micro % 60_000_000
        return padded(whole, degreeDigits) + padded(minutes / 1_000_000, 2) + "." + padded(minutes % 1_000_000, 6)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `hhmmss.ss` and `ddmmyy` of a moment, rounded to the hundredth first.
    private struct UTCFields {
        let clock: String
        let date: String

        init(_ unixTime: Double) {
            let hundredths = Int((unixTime * 100).rounded(.toNearestOrAwayFromZero))
            let seconds = hundredths >= 0 ? hundredths / 100 : (hundredths - 99) / 100
            let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let ofDay = seconds - day * 86_400
            let civil = CivilDate(daysSinceEpoch: day)
            clock = padded(ofDay / 3600, 2) + padded(ofDay / 60 % 60, 2) + padded(ofDay % 60, 2) + "."
                + padded(hundredths - seconds * 100, 2)
            date = padded(civil.day, 2) + padded(civil.month, 2) + padded(civil.year % 100, 2)
        }
    }
}
