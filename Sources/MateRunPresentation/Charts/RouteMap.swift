import MateRunDomain

/// The route of a run drawn with Braille dots, north up, scaled to fit the width (and at most
/// `maximumRows` lines tall) with its shape kept: a terminal cell is about twice as tall as it is
/// wide, so its 2 × 4 dots are square. `S` marks the start and `F` the finish.
enum RouteMap {
    static let startMark: Character = "S"
    static let finishMark: Character = "F"

    /// The map, or no lines when the track has fewer than two distinct positions.
    static func render(_ positions: [Coordinate], width: Int, maximumRows: Int) -> [StyledLine] {
        let columns = width - PanelLayout.margin.count
        guard columns >= 4, maximumRows >= 2, let origin = positions.first else { return [] }
        // The tracker's local plane: both axes in metres, unwrapped across ±180°.
        let frame = LocalTangentPlane(origin: origin)
        let plane = positions.map { position -> (x: Double, y: Double) in
            let point = frame.project(position)
            return (point.east, point.north)
        }
        let xs = plane.map(\.x), ys = plane.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return [] }
        let spanX = maxX - minX, spanY = maxY - minY
        guard spanX > 0 || spanY > 0 else { return [] }
        let dotWidth = Double(columns * 2 - 1), dotHeight = Double(maximumRows * 4 - 1)
        let scale = min(spanX > 0 ? dotWidth / spanX : .infinity, spanY > 0 ? dotHeight / spanY : .infinity)
        let rows = max(2, min(maximumRows, Int((spanY * scale).rounded(.down)) / 4 + 1))
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        let offsetX = ((dotWidth - spanX * scale) / 2).rounded(.down)
        let dots = plane.map { point in
            (x: Int(offsetX + ((point.x - minX) * scale).rounded()),
             y: Int(((maxY - point.y) * scale).rounded()))
        }
        var previous = dots[0]
        for dot in dots.dropFirst() {
            canvas.line(from: previous, to: dot, style: .cyan)
            previous = dot
        }
        let start = dots[0], finish = dots[dots.count - 1]
        canvas.mark(startMark, x: start.x, y: start.y, style: .green)
        if canvas.isMarked(x: finish.x, y: finish.y) {
            // A loop ends where it began: the finish mark goes beside the start's.
            let beside = finish.x + 2 < canvas.dotWidth ? finish.x + 2 : finish.x - 2
            canvas.mark(finishMark, x: beside, y: finish.y, style: .yellow)
        } else {
            canvas.mark(finishMark, x: finish.x, y: finish.y, style: .yellow)
        }
        return canvas.lines().map { row in
            var line = StyledLine(PanelLayout.margin)
            line.append(row)
            return line
        }
    }
}
