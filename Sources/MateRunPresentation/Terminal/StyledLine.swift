/// One line of terminal output as runs of styled text, measured in visible columns.
///
/// Views build lines from these so that cutting a line to the terminal width happens on the
/// visible text, never in the middle of an escape sequence, and colour is added only at the end.
struct StyledLine {
    /// The few looks the views use.
    enum Style {
        case plain
        case bold
        case green
        case cyan
        case yellow

        var escape: String {
            switch self {
            case .plain: ""
            case .bold: "\u{1B}[1m"
            case .green: "\u{1B}[32m"
            case .cyan: "\u{1B}[36m"
            case .yellow: "\u{1B}[33m"
            }
        }
    }

    private struct Run {
        var text: String
        var style: Style
    }

    static let reset = "\u{1B}[0m"
    static let ellipsis: Character = "…"

    private var runs: [Run] = []
    /// Visible columns so far.
    private(set) var columns = 0

    init() {}

    init(_ text: String, _ style: Style = .plain) {
        append(text, style)
    }

    mutating func append(_ text: String, _ style: Style = .plain) {
        guard !text.isEmpty else { return }
        runs.append(Run(text: text, style: style))
        columns += TerminalWidth.columns(of: text)
    }

    /// Appends spaces up to `column` visible columns (nothing if already there).
    mutating func pad(to column: Int) {
        if column > columns { append(String(repeating: " ", count: column - columns)) }
    }

    mutating func append(_ other: StyledLine) {
        runs += other.runs
        columns += other.columns
    }

    /// The line cut to at most `width` columns, ending in `…` when it had to be cut.
    func truncated(to width: Int) -> StyledLine {
        guard columns > width else { return self }
        let budget = width - 1
        var result = StyledLine()
        var lastStyle = Style.plain
        for run in runs where result.columns < budget {
            var piece = ""
            var pieceColumns = 0
            for character in run.text {
                let characterColumns = TerminalWidth.columns(of: character)
                if result.columns + pieceColumns + characterColumns > budget { break }
                piece.append(character)
                pieceColumns += characterColumns
            }
            result.append(piece, run.style)
            lastStyle = run.style
        }
        if width > 0 { result.append(String(Self.ellipsis), lastStyle) }
        return result
    }

    /// The line as text no wider than `width` columns, ending in `…` when it had to be cut, with
    /// ANSI styles only when `colour` is true.
    func rendered(width: Int, colour: Bool) -> String {
        var output = ""
        for run in truncated(to: width).runs {
            if colour && run.style != .plain {
                output += run.style.escape + run.text + Self.reset
            } else {
                output += run.text
            }
        }
        return output
    }
}
