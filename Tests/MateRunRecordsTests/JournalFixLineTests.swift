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
            fix, figures: JournalFixFigures(elapsedSeconds: 12, caloriesKilocalories: 0.3430164853904326, elevationGainMetres: 0),
            to: &bytes)
        // Then it reads as before, the activity spelled as its raw value
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"type":"fix","t":12,"lat":42.3616852,"lon":-71.0727075,"ele":4.9,"hr":121,"act":"\(activity.rawValue)",\
            "d":4.900235505577609,"m":2,"e":12,"kcal":0.3430164853904326,"gain":0}

            """)
    }
}
