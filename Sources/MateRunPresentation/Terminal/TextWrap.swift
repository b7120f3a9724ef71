/// Breaks text into lines that fit a width at its natural breaks, never inside a word: first at
/// ` · ` (between the parts of a hint or a status), then at spaces. A single word wider than the
/// width stands alone on its line, for the terminal to cut.
package enum TextWrap {
    package static func lines(_ text: String, width: Int, indent: String = "") -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrap(String(paragraph), width: max(1, width), indent: indent)
        }
        return lines
    }

    private static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        guard TerminalWidth.columns(of: text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for (index, part) in text.components(separatedBy: " · ").enumerated() {
            let joined = index == 0 || line.isEmpty ? line + part : line + " · " + part
            if TerminalWidth.columns(of: joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for word in part.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = line.isEmpty ? (lines.isEmpty ? word : indent + word) : line + " " + word
                if TerminalWidth.columns(of: candidate) <= width || line.isEmpty {
                    line = candidate
                } else {
                    lines.append(line)
                    line = indent + word
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
