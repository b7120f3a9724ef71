/// Draws the live panel of a run for a terminal.
///
/// It only draws a `RunningViewModel.State`: every number arrives formatted, and the view decides
/// nothing but layout and colour. It is pure (a state, a size, a colour switch in; lines out) and
/// does no I/O: the App layer writes the lines and redraws them in place. No line is ever wider
/// than `width` visible columns; the panel grows up to 80 columns and stays compact beyond.
///
/// Nor is the panel ever taller than `height` lines, since a frame taller than the window would
/// push lines into the scrollback at every redraw: the full panel when it fits, else a compact one
/// (header, the main numbers, then as many of the other lines as fit), else one status line.
package enum TerminalRunView {
    /// The fewest lines of the compact panel: its header and the line of main numbers.
    static let compactMinimumHeight = 2

    package static func render(
        _ state: RunningViewModel.State, width: Int, height: Int = .max, colour: Bool
    ) -> [String] {
        let panelWidth = min(width, PanelLayout.maximumWidth)
        let full = fullPanel(state, width: panelWidth)
        let lines: [StyledLine]
        if full.count <= height {
            lines = full
        } else if height >= compactMinimumHeight {
            lines = compactPanel(state, width: panelWidth, height: height)
        } else {
            lines = [oneLineStatus(state)]
        }
        return lines.map { $0.rendered(width: width, colour: colour) }
    }

    private static func fullPanel(_ state: RunningViewModel.State, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = [header(state, width: width)]
        if let workout = workoutLine(state, width: width) { lines.append(workout) }
        var cells = [
            ("Time", state.moving), ("Elapsed", state.elapsed),
            ("Distance", state.distance), ("Calories", state.calories),
            ("Pace", state.currentPace), ("Avg pace", state.averagePace),
        ]
        if let heartRate = state.heartRate { cells.append(("Heart", heartRate)) }
        if let cadence = state.cadence { cells.append(("Cadence", cadence)) }
        if let terrain = terrain(state) { cells.append((state.elevation == nil ? "Grade" : "Elevation", terrain)) }
        if let finish = state.finishEstimate { cells.append(("Finish", finish)) }
        lines += PanelLayout.cellLines(cells, width: width)
        if let fraction = state.progressFraction {
            lines += PanelLayout.barLines(
                fraction: fraction, ownFraction: nil, label: state.progressLabel, width: width)
        }
        if let currentLap = state.currentLap {
            lines.append(labelled("Lap", currentLap))
        }
        if let lastLap = state.lastLap {
            lines.append(labelled("Last lap", lastLap))
        }
        if let lastSplit = state.lastSplit {
            lines.append(lastSplitLine(lastSplit))
        }
        if let mate = state.mate {
            lines += mateLines(mate, width: width)
        }
        return lines
    }

    /// The header and the main numbers, then the optional lines most worth seeing first, as many
    /// as `height` leaves room for.
    private static func compactPanel(_ state: RunningViewModel.State, width: Int, height: Int) -> [StyledLine] {
        var numbers = StyledLine(PanelLayout.margin)
        numbers.append(state.moving, .bold)
        numbers.append("  " + state.distance + "  " + state.currentPace + "  " + state.calories)
        var optional: [StyledLine] = []
        if let workout = workoutLine(state, width: width) { optional.append(workout) }
        if let fraction = state.progressFraction {
            var bar = StyledLine(PanelLayout.margin)
            let label = state.progressPercent ?? ""
            let cells = min(PanelLayout.maximumBarCells, width - PanelLayout.margin.count - 4 - TerminalWidth.columns(of: label))
            ProgressBar.append(to: &bar, cells: cells, fraction: fraction)
            bar.append("  " + label)
            optional.append(bar)
        }
        if let mate = state.mate {
            optional.append(mateNotes(mate, compact: true))
        }
        optional += readingsLines(state, width: width)
        if let currentLap = state.currentLap {
            optional.append(labelled("Lap", currentLap))
        }
        if let lastLap = state.lastLap {
            // "Last", not "Last lap": the line then fits 40 columns whole.
            optional.append(labelled(state.currentLap == nil ? "Last lap" : "Last", lastLap))
        }
        if let lastSplit = state.lastSplit {
            optional.append(lastSplitLine(lastSplit))
        }
        optional.append(StyledLine(PanelLayout.margin + "avg " + state.averagePace + "  elapsed " + state.elapsed))
        return [header(state, width: width), numbers] + optional.prefix(max(0, height - compactMinimumHeight))
    }

    /// Everything in one line, for a window of a single line: what is wrong first (GPS lost, a
    /// pause), then the numbers, then the mate.
    private static func oneLineStatus(_ state: RunningViewModel.State) -> StyledLine {
        var line = StyledLine(PanelLayout.margin)
        if state.gpsLost { line.append("GPS LOST ", .yellow) }
        if state.status != .running { line.append(state.statusText + " ", state.status == .paused ? .yellow : .bold) }
        var numbers = state.moving + "  " + state.distance + "  " + state.currentPace
        if let percent = state.progressPercent { numbers += "  " + percent }
        line.append(numbers)
        if let mate = state.mate {
            line.append("  | " + mate.name + " " + mate.distance + (mate.lead.map { " " + $0 } ?? ""))
        }
        return line
    }

    /// The workout's step and the next one: `» Interval 3/8 · work 4'20"/km · 350 m left ·
    /// then recovery 400 m`, in yellow for the first seconds of a new step. The next step is left
    /// out when the line would not fit, and then the step's pace.
    private static func workoutLine(_ state: RunningViewModel.State, width: Int) -> StyledLine? {
        guard let full = state.workoutStep else { return nil }
        let fits = { (text: String) in PanelLayout.margin.count + TerminalWidth.columns(of: "» " + text) <= width }
        let step = fits(full) ? full : state.workoutStepBrief ?? full
        var line = StyledLine(PanelLayout.margin)
        line.append("» " + step, state.workoutStepIsNew ? .yellow : .bold)
        if let next = state.workoutNext, fits(step + " · " + next) {
            line.append(" · " + next)
        }
        return line
    }

    /// `312 m +4%`: elevation and grade, either alone when the other is unknown.
    private static func terrain(_ state: RunningViewModel.State) -> String? {
        switch (state.elevation, state.grade) {
        case let (elevation?, grade?): elevation + " " + grade
        case let (elevation?, nil): elevation
        case let (nil, grade?): grade
        case (nil, nil): nil
        }
    }

    /// The compact panel's readings, `HR 152 bpm  172 spm  elev 312 m +4%  finish 00:47:12`, on
    /// as few lines as `width` allows.
    private static func readingsLines(_ state: RunningViewModel.State, width: Int) -> [StyledLine] {
        let parts = [
            state.heartRate.map { "HR " + $0 }, state.cadence, terrain(state).map { "elev " + $0 },
            state.finishEstimate.map { "finish " + $0 },
        ].compactMap { $0 }
        var lines: [String] = []
        for part in parts {
            if let last = lines.last,
               PanelLayout.margin.count + TerminalWidth.columns(of: last) + 2 + TerminalWidth.columns(of: part) <= width {
                lines[lines.count - 1] = last + "  " + part
            } else {
                lines.append(part)
            }
        }
        return lines.map { StyledLine(PanelLayout.margin + $0) }
    }

    private static func lastSplitLine(_ lastSplit: String) -> StyledLine {
        labelled("Last split", lastSplit)
    }

    private static func labelled(_ label: String, _ text: String) -> StyledLine {
        var line = StyledLine(PanelLayout.margin)
        line.append(label, .bold)
        line.append("  " + text)
        return line
    }

    private static func header(_ state: RunningViewModel.State, width: Int) -> StyledLine {
        var left = StyledLine(PanelLayout.margin)
        left.append("materun", .bold)
        if !state.runnerName.isEmpty { left.append(" · " + state.runnerName) }
        let statusStyle: StyledLine.Style = state.status == .paused ? .yellow : .bold
        var right = StyledLine()
        if state.gpsLost {
            right.append("GPS LOST", .yellow)
            right.append(" · ")
        }
        right.append(state.statusText, statusStyle)
        return PanelLayout.spread(left: left, right: right, width: width)
    }

    private static func mateLines(_ mate: RunningViewModel.MateSection, width: Int) -> [StyledLine] {
        let title = (mate.mode == .race ? "Race vs " : "Team with ") + mate.name
        var lines = [PanelLayout.rule(title: title, width: width)]
        if let fraction = mate.progressFraction {
            lines += PanelLayout.barLines(
                fraction: fraction, ownFraction: mate.ownShareFraction ?? 0, label: mate.progressLabel,
                width: width)
        }
        lines.append(mateNotes(mate, compact: false))
        return lines
    }

    /// The mate in one line: the figures the bar does not show, the lead, the link. `compact`
    /// (no bar above it) says who the mate is and gives the figures the bar would.
    private static func mateNotes(_ mate: RunningViewModel.MateSection, compact: Bool) -> StyledLine {
        let withBar = mate.progressFraction != nil && !compact
        var notes: [(String, StyledLine.Style)] = []
        switch mate.mode {
        case .race:
            if !withBar { notes.append(((compact ? "vs " : "") + mate.name + " " + mate.distance, .plain)) }
            if let lead = mate.lead { notes.append((lead, .plain)) }
        case .team:
            if !withBar { notes.append(("team " + mate.progressLabel, .plain)) }
            notes.append((mate.name + " " + mate.distance, .plain))
        }
        if let connection = mate.connection { notes.append((connection, .yellow)) }
        if let lastSeen = mate.lastSeen { notes.append((lastSeen, .plain)) }
        var line = StyledLine(PanelLayout.margin)
        for (index, note) in notes.enumerated() {
            if index > 0 { line.append(" · ") }
            line.append(note.0, note.1)
        }
        return line
    }
}
