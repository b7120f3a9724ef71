/// The measures the terminal views share, so that the live panel and the result screen line up.
enum PanelLayout {
    /// Views never grow wider than this: the panel stays compact on wide terminals.
    static let maximumWidth = 80
    /// Every line starts with one space of margin.
    static let margin = " "
    /// Columns taken by a label before its value (`Avg pace  `).
    static let labelColumns = 10
    /// Columns of one label-and-value cell when two cells share a line.
    static let cellColumns = 22
    /// Below this width, cells go one per line.
    static let twoColumnMinimumWidth = 1 + 2 * cellColumns
    /// A bar narrower than this goes on its own line, above its label.
    static let minimumInlineBarCells = 10
    /// Bars never grow wider than this.
    static let maximumBarCells = 50

    /// Appends `label` in bold, padded to the label column, then `value`.
    static func appendCell(to line: inout StyledLine, label: String, value: String, valueStyle: StyledLine.Style = .plain) {
        let start = line.columns
        line.append(label, .bold)
        line.pad(to: start + labelColumns)
        line.append(value, valueStyle)
    }

    /// Label-and-value cells, two to a line when the width allows.
    static func cellLines(_ cells: [(label: String, value: String)], width: Int) -> [StyledLine] {
        let perLine = width >= twoColumnMinimumWidth ? 2 : 1
        var lines: [StyledLine] = []
        var index = 0
        while index < cells.count {
            var line = StyledLine(margin)
            for offset in 0..<perLine where index + offset < cells.count {
                let cell = cells[index + offset]
                line.pad(to: margin.count + offset * cellColumns)
                appendCell(to: &line, label: cell.label, value: cell.value)
            }
            lines.append(line)
            index += perLine
        }
        return lines
    }

    /// A progress bar followed by its label, or the bar on one line and the label below it when
    /// the width is too small for both.
    static func barLines(
        fraction: Double, ownFraction: Double?, label: String, width: Int
    ) -> [StyledLine] {
        let labelColumns = TerminalWidth.columns(of: label)
        let inlineCells = width - margin.count - 2 - 2 - labelColumns
        if inlineCells >= minimumInlineBarCells {
            var line = StyledLine(margin)
            ProgressBar.append(
                to: &line, cells: min(maximumBarCells, inlineCells), fraction: fraction, ownFraction: ownFraction)
            line.append("  " + label)
            return [line]
        }
        var bar = StyledLine(margin)
        ProgressBar.append(
            to: &bar, cells: min(maximumBarCells, width - margin.count - 2), fraction: fraction,
            ownFraction: ownFraction)
        return [bar, StyledLine(margin + label)]
    }

    /// `left` and `right` on one line, `right` flush with `width`; `left` is cut first when they
    /// do not both fit.
    static func spread(left: StyledLine, right: StyledLine, width: Int) -> StyledLine {
        var line = left.columns + 2 + right.columns > width
            ? left.truncated(to: max(0, width - right.columns - 1)) : left
        line.pad(to: max(line.columns + 1, width - right.columns))
        line.append(right)
        return line
    }

    /// A horizontal rule carrying a bold title: ` ── Race vs Bob ─────`.
    static func rule(title: String, width: Int) -> StyledLine {
        var line = StyledLine(margin + "── ")
        line.append(title, .bold)
        line.append(" ")
        let rest = width - line.columns
        if rest > 0 { line.append(String(repeating: "─", count: rest)) }
        return line
    }
}
