import MateRunDomain
import Testing

/// The values a replay holds by the hundred thousand, or copies with every event, are as small
/// as their docs say: a field added carelessly (an optional `Double`, a `Bool` between two
/// `Double`s) would grow every one of them.
@Suite("Values held by the hundred thousand keep their size")
struct HeldValueSizeTests {
    @Test func aFixIsSixtyFourBytesAMotionUpdateThirtyTwoARecordedFixEightyAndAKeptOneAHundredAndFour() {
        #expect(MemoryLayout<LocationSample>.stride == 64)
        #expect(MemoryLayout<MotionSample>.stride == 32)
        #expect(MemoryLayout<RecordedFix>.stride == 80)
        // (A burst of a replay hands 256 of these over at once: about 27 KB.)
        #expect(MemoryLayout<KeptFix>.stride == 104)
    }

    @Test func aMissingFigureTakesNoMoreRoomThanAPresentOneAndReadsBackMissing() {
        // Given a fix without the figures a receiver may leave out, and one with all of them
        let bare = LocationSample(time: 1, coordinate: Coordinate(latitude: 47, longitude: 8))
        var full = bare
        full.elevation = 400
        full.horizontalAccuracy = 5
        full.speed = 3
        full.course = 90
        // Then the bare one reads them back as missing, the full one as given, and they differ
        #expect(bare.elevation == nil && bare.horizontalAccuracy == nil && bare.speed == nil && bare.course == nil)
        #expect(full.elevation == 400 && full.horizontalAccuracy == 5 && full.speed == 3 && full.course == 90)
        #expect(bare != full)
        // And a NaN given is missing, never a figure
        full.elevation = .nan
        #expect(full.elevation == nil)
    }

    @Test func aSnapshotWithItsWorkoutStepIsThreeHundredAndTwentyBytes() {
        #expect(MemoryLayout<RunSnapshot>.stride == 320)
    }
}
