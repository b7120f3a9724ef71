/// A bar of unicode blocks showing a fraction: `[██████████░░░░░░]`.
///
/// Cells fill only when wholly covered, so a bar is full only when the goal is reached.
enum ProgressBar {
    static let filled: Character = "█"
    static let shared: Character = "▓"
    static let empty: Character = "░"

    /// Appends a bar of `cells` inner cells: the runner's part in green and, for a team, the mate's
    /// part (`fraction` beyond `ownFraction`) in cyan.
    static func append(to line: inout StyledLine, cells: Int, fraction: Double, ownFraction: Double? = nil) {
        let cells = max(0, cells)
        let total = filledCells(fraction, of: cells)
        let own = ownFraction.map { min(total, filledCells($0, of: cells)) } ?? total
        line.append("[")
        line.append(String(repeating: filled, count: own), .green)
        line.append(String(repeating: shared, count: total - own), .cyan)
        line.append(String(repeating: empty, count: cells - total))
        line.append("]")
    }

    static func filledCells(_ fraction: Double, of cells: Int) -> Int {
        guard fraction.isFinite, fraction > 0 else { return 0 }
        return min(cells, Int((min(1, fraction) * Double(cells)).rounded(.down)))
    }
}
