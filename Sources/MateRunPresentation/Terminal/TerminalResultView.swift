/// Draws the result screen of a finished run for a terminal: the summary, then the splits table.
///
/// It only draws a `ResultState`: every number arrives formatted. Pure and without I/O; no line is
/// ever wider than `width` visible columns.
package enum TerminalResultView {
    /// Columns of each splits-table column, right-aligned: km, pace, time, climb.
    private static let columnWidths = [5, 8, 8, 7]
    private static let columnGap = "  "

    package static func render(_ state: ResultState, width: Int, colour: Bool) -> [String] {
        let panelWidth = min(width, PanelLayout.maximumWidth)
        var title = StyledLine(PanelLayout.margin)
        title.append(state.title, .bold)
        title.append(" · " + state.runnerName)
        var lines = [title]
        lines += PanelLayout.cellLines(state.lines.map { ($0.label, $0.value) }, width: panelWidth)
        if !state.splits.isEmpty {
            lines.append(StyledLine())
            lines.append(PanelLayout.rule(title: "Splits", width: panelWidth))
            lines.append(tableRow(["km", "pace", "time", "climb"], style: .bold))
            for split in state.splits {
                lines.append(tableRow([split.kilometre, split.pace, split.time, split.climb], style: .plain))
            }
        }
        return lines.map { $0.rendered(width: width, colour: colour) }
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
