/// Merges two time-ordered sample lists into one; at equal times the second list's sample
/// replaces the first's, so that a hand-written sample can override a generated one.
enum TimeOrderedMerge {
    static func merge<Sample>(_ base: [Sample], _ overrides: [Sample], time: (Sample) -> Double) -> [Sample] {
        guard !overrides.isEmpty else { return base }
        var merged: [Sample] = []
        merged.reserveCapacity(base.count + overrides.count)
        var i = 0, j = 0
        while i < base.count || j < overrides.count {
            if j == overrides.count || (i < base.count && time(base[i]) < time(overrides[j])) {
                merged.append(base[i])
                i += 1
            } else {
                if i < base.count, time(base[i]) == time(overrides[j]) { i += 1 }
                merged.append(overrides[j])
                j += 1
            }
        }
        return merged
    }
}
