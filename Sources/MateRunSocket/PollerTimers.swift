/// The times sockets asked to be served at, earliest first: a binary min-heap of (time, token).
/// The poller keeps, beside it, the one time each socket is armed for and skips the others when
/// they come, so a moved time costs nothing until it is due.
struct PollerTimers {
    private var heap: [(at: ContinuousClock.Instant, token: UInt64)] = []

    var earliest: ContinuousClock.Instant? { heap.first?.at }

    mutating func push(_ at: ContinuousClock.Instant, _ token: UInt64) {
        heap.append((at, token))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].at < heap[parent].at else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest time if it is at or before `now`, taken out of the heap.
    mutating func popDue(at now: ContinuousClock.Instant) -> (ContinuousClock.Instant, UInt64)? {
        guard let first = heap.first, first.at <= now else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].at < heap[smallest].at { smallest = left }
                if right < heap.count, heap[right].at < heap[smallest].at { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (first.at, first.token)
    }
}
