import MateRunDomain
@testable import MateRunRecords
import Testing

@Suite("A kept fix's journal line")
struct JournalFixLineTests {
    @Test(arguments: Activity.allCases)
    func namesTheActivityByItsRawValue(activity: Activity) {
        // Given a kept fix with an activity
        let fix = RecordedFix(
            time: 12, coordinate: Coordinate(latitude: 42.3616852, longitude: -71.0727075), elevation: 4.9,
            heartRate: 121, activity: activity, distanceMetres: 4.900235505577609, movingSeconds: 2)
        // When its journal line is written
        var bytes: [UInt8] = []
        RunJournal.writeFixLine(
            KeptFix(fix, elapsedSeconds: 12, caloriesKilocalories: 0.3430164853904326, elevationGainMetres: 0), to: &bytes)
        // Then it reads as before, the activity spelled as its raw value
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"type":"fix","t":12,"lat":42.3616852,"lon":-71.0727075,"ele":4.9,"hr":121,"act":"\(activity.rawValue)",\
            "d":4.900235505577609,"m":2,"e":12,"kcal":0.3430164853904326,"gain":0}

            """)
    }

    @Test func aLineWithEveryFieldAtItsLongestIsWrittenWholeAfterEarlierLines() {
        // Given a kept fix with every field, each a number with the longest text there is, and
        // a buffer that already holds a line
        let longest = -2.2250738585072014e-308
        let fix = RecordedFix(
            time: longest, coordinate: Coordinate(latitude: longest, longitude: longest), elevation: longest,
            heartRate: longest, cadence: longest, horizontalAccuracy: longest, activity: .walking,
            distanceMetres: longest, movingSeconds: longest)
        let kept = KeptFix(fix, elapsedSeconds: longest, caloriesKilocalories: longest, elevationGainMetres: longest)
        var bytes = Array("{}\n".utf8)
        // When its journal line is written after it
        RunJournal.writeFixLine(kept, to: &bytes)
        // Then the earlier line is kept and every field is there, spelled in full
        let number = "\(longest)"
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {}
            {"type":"fix","t":\(number),"lat":\(number),"lon":\(number),"ele":\(number),"hr":\(number),\
            "cad":\(number),"acc":\(number),"act":"walking","d":\(number),"m":\(number),"e":\(number),\
            "kcal":\(number),"gain":\(number)}

            """)
    }
}
