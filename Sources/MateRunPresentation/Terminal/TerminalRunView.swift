/// Draws the live panel of a run for a terminal.
///
/// It only draws a `RunningViewModel.State`: every number arrives formatted, and the view decides
/// nothing but layout and colour. It is pure (a state, a width, a colour switch in; lines out) and
/// does no I/O: the App layer writes the lines and redraws them in place. No line is ever wider
/// than `width` visible columns; the panel grows up to 80 columns and stays compact beyond.
package enum TerminalRunView {
    package static func render(_ state: RunningViewModel.State, width: Int, colour: Bool) -> [String] {
        let panelWidth = min(width, PanelLayout.maximumWidth)
        var lines: [StyledLine] = [header(state, width: panelWidth)]
        lines += PanelLayout.cellLines(
            [
                ("Time", state.elapsed), ("Moving", state.moving),
                ("Distance", state.distance), ("Calories", state.calories),
                ("Pace", state.currentPace), ("Avg pace", state.averagePace),
            ],
            width: panelWidth)
        if let fraction = state.progressFraction {
            lines += PanelLayout.barLines(
                fraction: fraction, ownFraction: nil, label: state.progressLabel, width: panelWidth)
        }
        if let lastSplit = state.lastSplit {
            var line = StyledLine(PanelLayout.margin)
            line.append("Last split", .bold)
            line.append("  " + lastSplit)
            lines.append(line)
        }
        if let mate = state.mate {
            lines += mateLines(mate, width: panelWidth)
        }
        return lines.map { $0.rendered(width: width, colour: colour) }
    }

    private static func header(_ state: RunningViewModel.State, width: Int) -> StyledLine {
        var left = StyledLine(PanelLayout.margin)
        left.append("materun", .bold)
        if !state.runnerName.isEmpty { left.append(" · " + state.runnerName) }
        let statusStyle: StyledLine.Style = state.status == .paused ? .yellow : .bold
        return PanelLayout.spread(left: left, right: StyledLine(state.statusText, statusStyle), width: width)
    }

    private static func mateLines(_ mate: RunningViewModel.MateSection, width: Int) -> [StyledLine] {
        let title = (mate.mode == .race ? "Race vs " : "Team with ") + mate.name
        var lines = [PanelLayout.rule(title: title, width: width)]
        if let fraction = mate.progressFraction {
            lines += PanelLayout.barLines(
                fraction: fraction, ownFraction: mate.ownShareFraction ?? 0, label: mate.progressLabel,
                width: width)
        }
        var notes: [(String, StyledLine.Style)] = []
        switch mate.mode {
        case .race:
            if mate.progressFraction == nil { notes.append((mate.name + " " + mate.distance, .plain)) }
            if let lead = mate.lead { notes.append((lead, .plain)) }
        case .team:
            if mate.progressFraction == nil { notes.append(("team " + mate.progressLabel, .plain)) }
            notes.append((mate.name + " " + mate.distance, .plain))
        }
        if let connection = mate.connection { notes.append((connection, .yellow)) }
        if let lastSeen = mate.lastSeen { notes.append((lastSeen, .plain)) }
        var line = StyledLine(PanelLayout.margin)
        for (index, note) in notes.enumerated() {
            if index > 0 { line.append(" · ") }
            line.append(note.0, note.1)
        }
        lines.append(line)
        return lines
    }
}
