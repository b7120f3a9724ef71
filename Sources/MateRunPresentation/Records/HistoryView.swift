import MateRunDomain

/// Draws `materun history` for a person: a line per kept run (newest first), the totals per
/// week and per month, and the personal bests. Pure; names from the store are made safe to print.
///
/// A run is named by the start of its id, which is its local start time (`20261123-091053`),
/// longer only where two runs started in the same second: what `show` and `export` take.
package enum HistoryView {
    /// `skipped` entries of the store could not be read at all: they are named on standard error,
    /// and counted here, so that an unreadable history never reads as an empty one.
    package static func lines(_ history: RunHistory, skipped: Int = 0) -> [String] {
        var lines: [String] = []
        if history.runs.isEmpty, skipped > 0 {
            lines.append("No run could be read: \(skippedText(skipped)).")
        } else if history.runs.isEmpty {
            lines.append("No runs kept yet: replay a scenario (materun replay Scenarios/easy-5k.json) and it is kept here.")
        } else {
            let idWidth = history.runs.map { shortID($0.id, history).count }.max() ?? RunRecordID.shortLength
            lines.append(row(["run", "runner", "scenario", "distance", "time", "pace", "ended"], idWidth: idWidth))
            var names = SafeNames()
            lines += history.runs.map { runLine($0, history: history, idWidth: idWidth, names: &names) }
            lines.append(orderLine(history))
        }
        if !history.runs.isEmpty, skipped > 0 {
            lines.append("Also \(skippedText(skipped)).")
        }
        if !history.totals.weeks.isEmpty {
            lines += ["", "Weeks"] + history.totals.weeks.map(totalLine)
            lines += ["", "Months"] + history.totals.months.map(totalLine)
        }
        lines += ["", "Personal bests (fastest stretch inside any run, by moving time)"]
        for distance in BestDistance.allCases {
            lines.append(bestLine(distance, history.bests[distance], history: history))
        }
        return lines
    }

    /// How the list is sorted, and which run `latest` names: a replayed file keeps its own date,
    /// so the run kept last need not be first.
    static func orderLine(_ history: RunHistory) -> String {
        let order = "Newest first, by when each run ended"
        guard let latest = history.latest else { return order + "." }
        return order + "; latest (kept most recently) is \(shortID(latest.id, history))."
    }

    private static func skippedText(_ count: Int) -> String {
        "\(count) \(count == 1 ? "entry" : "entries") of the history could not be read and \(count == 1 ? "is" : "are") skipped (named on standard error)"
    }

    /// `20261123-091400  Ana  Easy 5k  5.00 km  00:25:03  5'01"/km  goal reached`.
    static func runLine(_ run: RunRecordSummary, history: RunHistory, idWidth: Int, names: inout SafeNames) -> String {
        let figures = run.outcome.figures
        return row([
            shortID(run.id, history),
            names.name(run.header.runner.name, fallback: "runner"),
            names.name(run.header.scenario.name, fallback: "scenario"),
            RunFormat.runDistance(metres: figures.distanceMetres, goalMetres: run.header.goalMetres),
            RunFormat.clockTime(seconds: figures.elapsedSeconds),
            RunFormat.pace(secondsPerKilometre: figures.averagePaceSecondsPerKilometre),
            ended(run, names: &names),
        ], idWidth: idWidth)
    }

    /// Names made safe to print, each once: a history repeats a few runners and scenarios.
    struct SafeNames {
        private var cache: [String: String] = [:]

        mutating func name(_ raw: String, fallback: String) -> String {
            if let known = cache[raw] { return known }
            let safe = RunFormat.displayName(raw, fallback: fallback)
            cache[raw] = safe
            return safe
        }
    }

    /// The start of the id that names the run; an id is letters, digits and dashes, anything
    /// else is shown as an escape.
    private static func shortID(_ id: RunRecordID, _ history: RunHistory) -> String {
        let text = history.shortIDs[id] ?? id.rawValue
        return text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } ? text : TerminalText.neutralised(text)
    }

    /// How the run ended, or the mate's result for a paired run.
    static func ended(_ run: RunRecordSummary, names: inout SafeNames) -> String {
        if let group = run.outcome.group {
            let place = group.place.map { "place \($0) of \(group.runners)" } ?? "no place of \(group.runners)"
            return "group \(run.header.pairing?.mode.rawValue ?? "run"): \(place)"
        }
        guard let pairing = run.header.pairing else { return KeptRunView.endingText(run.outcome.ending) }
        let mate = names.name(pairing.mateName, fallback: "mate")
        guard let result = run.outcome.mate?.result else {
            return "\(pairing.mode.rawValue) with \(mate), \(KeptRunView.endingText(run.outcome.ending))"
        }
        return "\(pairing.mode.rawValue) with \(mate): \(result.rawValue.split(separator: "_").joined(separator: " "))"
    }

    static func totalLine(_ total: PeriodTotal) -> String {
        "  " + pad(total.period, 9) + pad("\(total.runs) run" + (total.runs == 1 ? "" : "s"), 9, right: true) + "  "
            + pad(RunFormat.kilometres(metres: total.figures.distanceMetres), 10, right: true) + "  "
            + RunFormat.clockTime(seconds: total.figures.elapsedSeconds)
    }

    /// `5 km  00:23:38  4'44"/km  from 0.00 km of Race: fast 5K, 20261123-091053`.
    static func bestLine(_ distance: BestDistance, _ effort: BestEffort?, history: RunHistory) -> String {
        let name = pad(label(distance), 14)
        guard let effort else { return "  " + name + "-" }
        let pace = RunFormat.pace(secondsPerKilometre: effort.movingSeconds / distance.rawValue * 1000)
        var line = "  " + name + RunFormat.clockTime(seconds: effort.movingSeconds) + "  " + pace
            + "  from " + RunFormat.kilometres(metres: effort.startMetres)
        if let id = effort.runID, let run = history.bestRuns[id] {
            line += " of " + RunFormat.displayName(run.header.scenario.name, fallback: "scenario") + ", " + shortID(id, history)
        }
        return line
    }

    private static func label(_ distance: BestDistance) -> String {
        switch distance {
        case .oneKilometre: "1 km"
        case .fiveKilometres: "5 km"
        case .tenKilometres: "10 km"
        case .halfMarathon: "half marathon"
        case .marathon: "marathon"
        }
    }

    /// Column widths of a run line after the id: runner, scenario, distance, time, pace, ended.
    private static let widths = [12, 18, 9, 9, 9, 0]
    /// Columns aligned to the right (the figures).
    private static let rightAligned: Set = [3, 4, 5]

    private static func row(_ cells: [String], idWidth: Int) -> String {
        var line = " "
        for (index, cell) in cells.enumerated() {
            let width = index == 0 ? idWidth : widths[index - 1]
            line += " " + (width == 0 ? cell : pad(cell, width, right: rightAligned.contains(index)))
        }
        return line
    }

    /// `text` cut or padded to `width` columns. (Ten thousand runs make seventy thousand cells:
    /// printable ASCII, the common case, is measured by its byte count.)
    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        var text = text
        var columns = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : TerminalWidth.columns(of: text)
        while columns > width, let last = text.popLast() {
            columns -= TerminalWidth.columns(of: last)
        }
        let padding = String(repeating: " ", count: max(0, width - columns))
        return right ? padding + text : text + padding
    }
}
