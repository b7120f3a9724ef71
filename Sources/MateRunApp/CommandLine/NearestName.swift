/// Suggests what a mistyped name was meant to be: `replya` → `replay`, `--sped` → `--speed`.
enum NearestName {
    /// The candidate closest to `typed` by edit distance, if it is close enough to be a typo
    /// (at most a third of the typed length, and at most 3 edits).
    static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, typed.count / 3))
        let scored = candidates.map { (name: $0, distance: distance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.name
    }

    /// Levenshtein distance, counting an adjacent swap (`ae` for `ea`) as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
