/// Selection of the k-th smallest of a few values in place (Hoare's quickselect): the medians
/// the tracker takes of its last fixes' noise and intervals, once per fix, without allocating.
enum MedianSelection {
    /// The `rank`-th smallest of the first `count` values (they are reordered), without allocating.
    static func select(_ values: inout [Double], count: Int, rank: Int) -> Double {
        var low = 0, high = count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j { high = j } else if rank >= i { low = i } else { return values[rank] }
        }
        return values[rank]
    }
}
