/// The last few values of a series, kept both in arrival order and sorted: the median the
/// tracker takes once per fix of its last fixes' noise and intervals is then a read, not a
/// selection over a copy.
///
/// A new value replaces the oldest once the window is full; both moves shift at most a window's
/// worth of values in place, without allocating. The values are finite (the callers see to it).
struct SortedWindow {
    private var arrivals: [Double]
    private var sorted: [Double]
    private var next = 0
    private(set) var count = 0

    init(capacity: Int) {
        arrivals = Array(repeating: 0, count: max(capacity, 1))
        sorted = arrivals
    }

    /// Forgets every value.
    mutating func removeAll() {
        next = 0
        count = 0
    }

    /// The value `back` places before the newest (0 is the newest); `back` < `count`. (The ring's
    /// indices wrap with a compare rather than `%`: a division, five times a fix here.)
    func recent(_ back: Int) -> Double {
        let place = next - 1 - back
        return arrivals[place < 0 ? place + arrivals.count : place]
    }

    /// The oldest value, which the next `append` replaces once the window is full.
    var oldest: Double? { count == arrivals.count ? arrivals[next] : nil }

    /// The upper median: the `count / 2`-th smallest.
    var median: Double { sorted[count / 2] }

    mutating func append(_ value: Double) {
        let leaving = oldest
        if leaving == nil { count += 1 }
        let count = count
        sorted.withUnsafeMutableBufferPointer { sorted in
            // The hole the new value moves into: the oldest value's place, or the end.
            var hole = count - 1
            if let leaving {
                hole = 0
                while hole < count - 1, sorted[hole] != leaving { hole += 1 }
            }
            while hole > 0, sorted[hole - 1] > value {
                sorted[hole] = sorted[hole - 1]
                hole -= 1
            }
            while hole < count - 1, sorted[hole + 1] < value {
                sorted[hole] = sorted[hole + 1]
                hole += 1
            }
            sorted[hole] = value
        }
        arrivals[next] = value
        next = next + 1 == arrivals.count ? 0 : next + 1
    }
}
