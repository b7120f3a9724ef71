@testable import MateRunDomain
import Testing

@Suite("SortedWindow: the last values of a series, sorted")
struct SortedWindowTests {
    @Test func itsMedianIsTheLastValuesSortedMiddleOneAfterEveryValueOfALongSeriesWithRepeats() {
        // Given a window of 9 and a long series drawn from few values (many repeats)
        var window = SortedWindow(capacity: 9)
        var random = SplitMix64(seed: 17)
        var series: [Double] = []
        for _ in 0..<2_000 {
            // When each value is appended
            let value = Double(random.next() % 7) * 0.5
            series.append(value)
            window.append(value)
            // Then its median is the last 9 values' sorted middle one, and its recent values are theirs
            let last = Array(series.suffix(9))
            let sorted = last.sorted()
            #expect(window.count == last.count)
            #expect(window.median == sorted[sorted.count / 2])
            #expect((0..<last.count).map(window.recent) == Array(last.reversed()))
        }
    }

    @Test func theOldestIsKnownOnlyOnceTheWindowIsFull() {
        // Given a window of 3 holding 2 values
        var window = SortedWindow(capacity: 3)
        window.append(5)
        window.append(1)
        // Then nothing is about to leave
        #expect(window.oldest == nil)
        // When a third comes, the first is the one the next value replaces
        window.append(3)
        #expect(window.oldest == 5)
        window.append(4)
        #expect(window.oldest == 1)
        #expect(window.median == 3)
    }

    @Test func removingAllStartsTheSeriesAgain() {
        // Given a full window
        var window = SortedWindow(capacity: 3)
        for value in [9.0, 8, 7, 6] { window.append(value) }
        // When it is emptied and takes one value
        window.removeAll()
        window.append(2)
        // Then that value is all it holds
        #expect(window.count == 1)
        #expect(window.median == 2)
        #expect(window.recent(0) == 2)
        #expect(window.oldest == nil)
    }
}
