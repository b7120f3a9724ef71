import MateRunDomain

/// What a scenario holds, as numbers: the App maps a loaded scenario to this so that
/// `materun validate` and `materun scenarios` are formatted here, like every other screen.
package struct ScenarioOverview: Sendable, Equatable {
    package var file: String
    package var name: String
    package var summary: String
    /// "scripted", "recorded", "gpx", "tcx" or "fit".
    package var source: String
    package var runner: RunnerProfile?
    package var goalMetres: Double?
    package var locationCount: Int
    package var motionCount: Int
    package var durationSeconds: Double
    /// The noise-free distance of a scripted route, if known.
    package var routeMetres: Double?

    package init(
        file: String, name: String, summary: String, source: String, runner: RunnerProfile?, goalMetres: Double?,
        locationCount: Int, motionCount: Int, durationSeconds: Double, routeMetres: Double?
    ) {
        self.file = file
        self.name = name
        self.summary = summary
        self.source = source
        self.runner = runner
        self.goalMetres = goalMetres
        self.locationCount = locationCount
        self.motionCount = motionCount
        self.durationSeconds = durationSeconds
        self.routeMetres = routeMetres
    }
}

/// Draws a scenario overview: the detailed block of `validate` and the one-liner of `scenarios`.
package enum ScenarioOverviewView {
    package static func details(_ overview: ScenarioOverview) -> [String] {
        var lines = [
            "\(TerminalText.neutralised(overview.file)): valid \(overview.source) scenario",
            "  name       \(TerminalText.neutralised(overview.name))",
        ]
        if !overview.summary.isEmpty { lines.append("  about      \(TerminalText.neutralised(overview.summary))") }
        if let runner = overview.runner {
            lines.append("  runner     \(RunFormat.displayName(runner.name, fallback: "runner")), \(kilograms(runner.weightKilograms)) kg")
        } else {
            lines.append("  runner     not given (use --name and --weight)")
        }
        lines.append("  goal       " + (overview.goalMetres.map(goalText) ?? "none"))
        lines.append("  duration   " + RunFormat.clockTime(seconds: overview.durationSeconds))
        if let route = overview.routeMetres {
            lines.append("  route      " + RunFormat.kilometres(metres: route) + " (noise-free)")
        }
        lines.append("  samples    \(overview.locationCount) location, \(overview.motionCount) motion")
        return lines
    }

    /// One line of a listing: file, duration, noise-free distance (or "recorded"), summary.
    package static func line(file: String, summary: String, durationSeconds: Double, routeMetres: Double?) -> String {
        let distance = routeMetres.map(RunFormat.kilometres(metres:)) ?? "recorded"
        return pad(TerminalText.neutralised(file), 26) + pad(RunFormat.clockTime(seconds: durationSeconds), 10)
            + pad(distance, 10) + TerminalText.neutralised(summary)
    }

    /// A scenario that did not load, listed with its problem.
    package static func brokenLine(file: String, problem: String) -> String {
        pad(TerminalText.neutralised(file), 26) + "BROKEN    " + TerminalText.neutralised(problem, limit: 400)
    }

    /// `21.10 km (half marathon)`.
    private static func goalText(_ metres: Double) -> String {
        RunFormat.goal(metres: metres) + (RunFormat.raceName(goalMetres: metres).map { " (" + $0 + ")" } ?? "")
    }

    private static func kilograms(_ weight: Double) -> String {
        let tenths = Int((weight * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
