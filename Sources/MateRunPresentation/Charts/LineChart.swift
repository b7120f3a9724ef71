/// A chart of one or more series against a common x axis, drawn on a `BrailleCanvas`, with the
/// y range written at its left and the x range under it:
///
///     312 m ⣀⣀⡠⠤⠒⠊⠉⠉⠑⠢⢄⣀
///     280 m ⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⣄
///           0 km            8.00 km
///
/// Pure: numbers in, lines out; the caller formats the range labels.
struct LineChart {
    /// One line of the chart: points in increasing x.
    struct Series {
        var points: [(x: Double, y: Double)]
        var style: StyledLine.Style = .plain
        /// Fill the area under the line (an elevation profile).
        var filled = false
        /// A character put at the series' last point (which runner a line is).
        var endMark: Character?
    }

    var xRange: ClosedRange<Double>
    var yRange: ClosedRange<Double>
    /// Label of the top and bottom of the y range, and of the start and end of the x range.
    var yLabels: (top: String, bottom: String)
    var xLabels: (start: String, end: String)

    /// The chart `width` columns wide (labels included) and `rows` lines tall, plus its x labels.
    func render(_ series: [Series], width: Int, rows: Int) -> [StyledLine] {
        let labelColumns = max(TerminalWidth.columns(of: yLabels.top), TerminalWidth.columns(of: yLabels.bottom)) + 1
        let canvasColumns = width - PanelLayout.margin.count - labelColumns
        guard canvasColumns >= 4, rows >= 2 else { return [] }
        var canvas = BrailleCanvas(columns: canvasColumns, rows: rows)
        let ends = series.map { draw($0, on: &canvas) }
        // Marks last, the last series' first: it keeps its place, another ending in the same cell moves.
        for (one, end) in zip(series, ends).reversed() {
            guard let mark = one.endMark, let end else { continue }
            let y = [end.y, end.y + 4, end.y - 4].first { $0 >= 0 && $0 < canvas.dotHeight && !canvas.isMarked(x: end.x, y: $0) }
            canvas.mark(mark, x: end.x, y: y ?? end.y, style: one.style)
        }
        var lines: [StyledLine] = []
        for (index, row) in canvas.lines().enumerated() {
            let label = index == 0 ? yLabels.top : index == rows - 1 ? yLabels.bottom : ""
            var line = StyledLine(PanelLayout.margin)
            line.pad(to: PanelLayout.margin.count + labelColumns - 1 - TerminalWidth.columns(of: label))
            line.append(label)
            line.pad(to: PanelLayout.margin.count + labelColumns)
            line.append(row)
            lines.append(line)
        }
        var axis = StyledLine(PanelLayout.margin)
        axis.pad(to: PanelLayout.margin.count + labelColumns)
        axis.append(xLabels.start)
        axis.pad(to: PanelLayout.margin.count + labelColumns + canvasColumns - TerminalWidth.columns(of: xLabels.end))
        if axis.columns > PanelLayout.margin.count + labelColumns + TerminalWidth.columns(of: xLabels.start) {
            axis.append(xLabels.end)
        }
        lines.append(axis)
        return lines
    }

    /// The series resampled at every dot column it spans, joined column to column; returns the
    /// dot where it ends.
    private func draw(_ series: Series, on canvas: inout BrailleCanvas) -> (x: Int, y: Int)? {
        guard let first = series.points.first, let last = series.points.last else { return nil }
        let firstColumn = dotX(first.x, canvas), lastColumn = dotX(last.x, canvas)
        var previous: (x: Int, y: Int)?
        var index = 0
        for column in firstColumn...max(firstColumn, lastColumn) {
            let x = xValue(column, canvas)
            while index + 1 < series.points.count, series.points[index + 1].x < x { index += 1 }
            let y = interpolated(series.points, at: x, from: index)
            let dot = (x: column, y: dotY(y, canvas))
            canvas.line(from: previous ?? dot, to: dot, style: series.style)
            if series.filled {
                canvas.line(from: dot, to: (dot.x, canvas.dotHeight - 1), style: series.style)
            }
            previous = dot
        }
        return previous
    }

    private func interpolated(_ points: [(x: Double, y: Double)], at x: Double, from index: Int) -> Double {
        let a = points[index]
        guard index + 1 < points.count else { return a.y }
        let b = points[index + 1]
        guard b.x > a.x else { return b.y }
        let t = min(1, max(0, (x - a.x) / (b.x - a.x)))
        return a.y + (b.y - a.y) * t
    }

    private func dotX(_ x: Double, _ canvas: BrailleCanvas) -> Int {
        let span = xRange.upperBound - xRange.lowerBound
        guard span > 0 else { return 0 }
        return Int(((x - xRange.lowerBound) / span * Double(canvas.dotWidth - 1)).rounded())
    }

    private func xValue(_ column: Int, _ canvas: BrailleCanvas) -> Double {
        xRange.lowerBound + (xRange.upperBound - xRange.lowerBound) * Double(column) / Double(max(1, canvas.dotWidth - 1))
    }

    /// Higher values higher up.
    private func dotY(_ y: Double, _ canvas: BrailleCanvas) -> Int {
        let span = yRange.upperBound - yRange.lowerBound
        let fraction = span > 0 ? min(1, max(0, (y - yRange.lowerBound) / span)) : 0.5
        return Int(((1 - fraction) * Double(canvas.dotHeight - 1)).rounded())
    }
}
