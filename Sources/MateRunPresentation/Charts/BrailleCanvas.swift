/// A grid of Braille-pattern characters (U+2800–U+28FF) used as a canvas of dots: each character
/// cell holds 2 × 4 dots, so a terminal line of `columns` characters draws `2 × columns` dots
/// across, four times finer than whole characters down.
///
/// It exists so that the result screen can draw a route and charts with nothing but text. Pure:
/// dots in, styled lines out. Dot (0, 0) is the top-left corner; a dot outside is ignored, so
/// callers may draw lines that leave the canvas.
struct BrailleCanvas {
    let columns: Int
    let rows: Int
    private var dots: [UInt8]
    private var styles: [StyledLine.Style]
    /// Characters put over cells (a start or finish mark), with their style.
    private var marks: [Int: (Character, StyledLine.Style)] = [:]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        dots = Array(repeating: 0, count: self.columns * self.rows)
        styles = Array(repeating: .plain, count: self.columns * self.rows)
    }

    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    /// The bit of each dot in a cell's code point offset, by row (0...3) then column (0...1).
    private static let dotBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// Sets the dot at (`x`, `y`); the cell takes `style` (the last style drawn in a cell wins).
    mutating func plot(x: Int, y: Int, style: StyledLine.Style = .plain) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = (y / 4) * columns + x / 2
        dots[cell] |= Self.dotBits[y % 4][x % 2]
        styles[cell] = style
    }

    /// A straight line of dots from one dot to another, both ends included (Bresenham).
    mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), style: StyledLine.Style = .plain) {
        var x = start.x, y = start.y
        let dx = abs(end.x - x), dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1, stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            plot(x: x, y: y, style: style)
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// Puts `character` (one column wide) over the cell holding dot (`x`, `y`).
    mutating func mark(_ character: Character, x: Int, y: Int, style: StyledLine.Style = .bold) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        marks[(y / 4) * columns + x / 2] = (character, style)
    }

    /// Whether the cell holding dot (`x`, `y`) already carries a mark.
    func isMarked(x: Int, y: Int) -> Bool {
        marks[(y / 4) * columns + x / 2] != nil
    }

    /// The canvas as lines of text: a Braille character per cell with dots, a space per empty one.
    func lines() -> [StyledLine] {
        (0..<rows).map { row in
            var line = StyledLine()
            var pending = ""
            var pendingStyle = StyledLine.Style.plain
            for column in 0..<columns {
                let cell = row * columns + column
                let character: Character
                let style: StyledLine.Style
                if let mark = marks[cell] {
                    (character, style) = mark
                } else if dots[cell] == 0 {
                    (character, style) = (" ", .plain)
                } else {
                    character = Character(Unicode.Scalar(0x2800 + UInt32(dots[cell])) ?? " ")
                    style = styles[cell]
                }
                if style != pendingStyle, !pending.isEmpty {
                    line.append(pending, pendingStyle)
                    pending = ""
                }
                pendingStyle = style
                pending.append(character)
            }
            if pendingStyle == .plain {
                while pending.last == " " { pending.removeLast() }
            }
            line.append(pending, pendingStyle)
            return line
        }
    }
}
