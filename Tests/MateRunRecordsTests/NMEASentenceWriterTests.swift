import MateRunDomain
import MateRunRecords
import Testing

@Suite struct NMEASentenceWriterTests {
    @Test func theTextbookSentencesGetTheirKnownChecksums() {
        // Given the GGA and RMC examples every NMEA reference quotes, with their checksums 47 and 6A
        // When
        let gga = NMEASentenceWriter.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let rmc = NMEASentenceWriter.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        // Then
        #expect(gga == "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n")
        #expect(rmc == "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n")
    }

    @Test func aFixIsWrittenAsGGAAndRMCInUTCWithDegreesMinutesAndKnots() {
        // Given a fix south and west, on 2026-11-23 at 08:00:00.5 UTC, at 5 m/s heading 270°
        let fix = ReceiverFix(
            unixTime: 1_795_420_800.5, coordinate: Coordinate(latitude: -33.8568, longitude: -151.215),
            altitude: 21.25, horizontalAccuracy: 38, speed: 5, course: 270)
        // When
        let gga = NMEASentenceWriter.gga(fix)
        let rmc = NMEASentenceWriter.rmc(fix)
        // Then
        #expect(gga.hasPrefix("$GPGGA,080000.50,3351.408000,S,15112.900000,W,1,08,2.00,21.3,M,0.0,M,,*"))
        #expect(rmc.hasPrefix("$GPRMC,080000.50,A,3351.408000,S,15112.900000,W,9.719,270.0,231126,,,A*"))
        for sentence in [gga, rmc] {
            #expect(sentence.hasSuffix("\r\n"))
            #expect(Self.checksumHolds(sentence))
        }
    }

    @Test func roundingNeverWritesSixtyMinutesOrSixtySeconds() {
        // Given a latitude a hair below a whole degree and a time a hair below a whole minute
        let fix = ReceiverFix(unixTime: 1_795_420_859.999, coordinate: Coordinate(latitude: 47.99999999999, longitude: 8.5))
        // When
        let gga = NMEASentenceWriter.gga(fix)
        // Then
        #expect(gga.hasPrefix("$GPGGA,080100.00,4800.000000,N,00830.000000,E,1,08,,,M,0.0,M,,*"))
    }

    @Test func speedAndCourseAreMeasuredFromThePreviousFixWhenMissing() throws {
        // Given two fixes 1 s apart, the second about 11.1 m due north of the first
        let first = ReceiverFix(unixTime: 100, coordinate: Coordinate(latitude: 46.5, longitude: 6.5))
        let second = ReceiverFix(unixTime: 101, coordinate: Coordinate(latitude: 46.5001, longitude: 6.5))
        // When
        let measured = second.withMotion(since: first)
        // Then
        let speed = try #require(measured.speed)
        let course = try #require(measured.course)
        #expect(abs(speed - 11.1) < 0.1)
        #expect(course < 0.01 || course > 359.99)
    }

    /// Whether the two hex digits after `*` are the XOR of the bytes between `$` and `*`.
    static func checksumHolds(_ sentence: String) -> Bool {
        guard sentence.hasPrefix("$"), let star = sentence.lastIndex(of: "*") else { return false }
        let body = sentence[sentence.index(after: sentence.startIndex)..<star]
        let digits = sentence[sentence.index(after: star)...].prefix(2)
        return UInt8(digits, radix: 16) == body.utf8.reduce(0, ^)
    }
}
