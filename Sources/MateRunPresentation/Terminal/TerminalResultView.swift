/// Draws the result screen of a finished run for a terminal: the summary, a line for each stretch
/// the tracker left out, then the splits table.
///
/// It only draws a `ResultState`: every number arrives formatted. Pure and without I/O; no line is
/// ever wider than `width` visible columns. Given the run's `trace` (the live terminal has one),
/// it adds the pictures: the route map, the elevation and pace charts, a bar per split (its speed
/// against the fastest), and a paired run's race; plain output keeps to the numbers.
package enum TerminalResultView {
    /// Columns of each splits-table column, right-aligned: km, pace, time, climb. Pace holds
    /// `10'00"/km` and slower.
    private static let columnWidths = [5, 9, 8, 7]
    private static let columnGap = "  "
    /// After the fastest split: the word where it fits, a star where it does not.
    private static let fastestMark = "fastest"
    private static let narrowFastestMark = "*"
    /// The most cells a split's bar takes.
    private static let maximumSplitBarCells = 24

    package static func render(_ state: ResultState, width: Int, colour: Bool, trace: RunTrace? = nil) -> [String] {
        let panelWidth = min(width, PanelLayout.maximumWidth)
        var title = StyledLine(PanelLayout.margin)
        title.append(state.title, .bold)
        title.append(" · " + state.runnerName)
        var lines = [title]
        lines += PanelLayout.cellLines(state.lines.map { ($0.label, $0.value) }, width: panelWidth)
        for leftOut in state.leftOut {
            var line = StyledLine(PanelLayout.margin)
            PanelLayout.appendCell(to: &line, label: leftOut.label, value: leftOut.value, valueStyle: .yellow)
            lines.append(line)
        }
        if let trace {
            lines += ResultCharts.sections(trace, ownName: state.runnerName, width: panelWidth)
        }
        lines += table("Splits", state.splits, width: panelWidth, bars: trace != nil)
        lines += table("Laps", state.laps, width: panelWidth, bars: false)
        return lines.map { $0.rendered(width: width, colour: colour) }
    }

    /// A table of splits (or of the laps the runner marked): km, pace, time, climb, with a bar
    /// per row when `bars`, and the fastest marked.
    private static func table(
        _ title: String, _ rows: [ResultState.SplitRow], width panelWidth: Int, bars splitBars: Bool
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        if !rows.isEmpty {
            lines.append(StyledLine())
            lines.append(PanelLayout.rule(title: title, width: panelWidth))
            lines.append(tableRow(["km", "pace", "time", "climb"], style: .bold))
            let tableColumns = tableRow(["", "", "", ""], style: .plain).columns
            let barCells = min(maximumSplitBarCells, panelWidth - tableColumns - 2 - fastestMark.count - 2)
            for split in rows {
                var row = tableRow([split.kilometre, split.pace, split.time, split.climb], style: .plain)
                if splitBars, barCells >= 4 {
                    row.append("  ")
                    let cells = split.speedFraction > 0 ? max(1, Int((split.speedFraction * Double(barCells)).rounded())) : 0
                    row.append(String(repeating: "▇", count: cells), split.isFastest ? .green : .cyan)
                }
                if split.isFastest {
                    let fits = row.columns + 2 + fastestMark.count <= panelWidth
                    row.append(fits ? "  " : " ")
                    row.append(fits ? fastestMark : narrowFastestMark, .green)
                }
                lines.append(row)
            }
        }
        return lines
    }

    private static func tableRow(_ cells: [String], style: StyledLine.Style) -> StyledLine {
        var line = StyledLine(PanelLayout.margin)
        for (index, cell) in cells.enumerated() {
            if index > 0 { line.append(columnGap) }
            let padding = columnWidths[index] - TerminalWidth.columns(of: cell)
            if padding > 0 { line.append(String(repeating: " ", count: padding)) }
            line.append(cell, style)
        }
        return line
    }
}
