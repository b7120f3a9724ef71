/// The pictures of a finished run for the terminal's result screen: the route map, the elevation
/// profile and the pace along the distance, and in a paired run both runners' distance over time.
///
/// Each is drawn from a `RunTrace` and left out when the trace cannot draw it (no positions, no
/// elevation, too little distance). Pure: a trace and a width in, titled sections of lines out.
enum ResultCharts {
    /// Lines of each chart (the map may be taller), at 80 columns and at 40.
    static func chartRows(width: Int) -> Int { width >= 60 ? 6 : 4 }
    static func mapRows(width: Int) -> Int { width >= 60 ? 14 : 8 }
    /// The distance over which a point of the pace chart is averaged, at least.
    static let paceWindowMetres = 200.0

    static func sections(_ trace: RunTrace, ownName: String, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        let map = RouteMap.render(
            trace.points.compactMap(\.position), width: width, maximumRows: mapRows(width: width))
        if !map.isEmpty {
            lines += section("Route", legend: "S start · F finish", width: width) + map
        }
        if let elevation = elevationProfile(trace, width: width) {
            lines += section("Elevation", legend: nil, width: width) + elevation
        }
        if let pace = paceChart(trace, width: width) {
            lines += section("Pace", legend: "faster up", width: width) + pace
        }
        if let pair = pairChart(trace, ownName: ownName, width: width) {
            lines += section("Distance over time", legend: nil, width: width) + pair
        }
        return lines
    }

    private static func section(_ title: String, legend: String?, width: Int) -> [StyledLine] {
        [StyledLine(), PanelLayout.rule(title: title + (legend.map { " (" + $0 + ")" } ?? ""), width: width)]
    }

    private static func distanceRange(_ trace: RunTrace) -> ClosedRange<Double>? {
        guard let first = trace.points.first?.distanceMetres, let last = trace.points.last?.distanceMetres,
              last - first >= 100
        else { return nil }
        return first...last
    }

    /// The axis ends at the distance the result shows (a reached goal as the goal).
    private static func distanceLabels(_ range: ClosedRange<Double>, goalMetres: Double?) -> (start: String, end: String) {
        (RunFormat.kilometres(metres: range.lowerBound), RunFormat.runDistance(metres: range.upperBound, goalMetres: goalMetres))
    }

    /// Elevation against distance, the area under it filled.
    static func elevationProfile(_ trace: RunTrace, width: Int) -> [StyledLine]? {
        let points = trace.points.compactMap { point in
            point.elevationMetres.map { (x: point.distanceMetres, y: $0) }
        }
        guard let range = distanceRange(trace), points.count >= 2,
              let low = points.map(\.y).min(), let high = points.map(\.y).max()
        else { return nil }
        // A flat run still gets a few metres of range, so that noise does not look like hills.
        let floor = min(low, (low + high) / 2 - 5), ceiling = max(high, (low + high) / 2 + 5)
        let chart = LineChart(
            xRange: range, yRange: floor...ceiling,
            yLabels: (elevationLabel(ceiling), elevationLabel(floor)), xLabels: distanceLabels(range, goalMetres: trace.goalMetres))
        let lines = chart.render(
            [LineChart.Series(points: points, style: .green, filled: true)], width: width, rows: chartRows(width: width))
        return lines.isEmpty ? nil : lines
    }

    private static func elevationLabel(_ metres: Double) -> String {
        RunFormat.elevation(whole: RunFormat.wholeReading(metres) ?? 0)
    }

    /// Pace against distance, over a window of at least 200 m around each point, faster higher.
    static func paceChart(_ trace: RunTrace, width: Int) -> [StyledLine]? {
        guard let range = distanceRange(trace), trace.points.count >= 2 else { return nil }
        let samples = max(2, (width - 10) * 2)
        let half = max(paceWindowMetres, (range.upperBound - range.lowerBound) / 40) / 2
        var points: [(x: Double, y: Double)] = []
        for index in 0..<samples {
            let distance = range.lowerBound + (range.upperBound - range.lowerBound) * Double(index) / Double(samples - 1)
            let from = max(range.lowerBound, distance - half), to = min(range.upperBound, distance + half)
            let seconds = movingSeconds(trace.points, at: to) - movingSeconds(trace.points, at: from)
            guard to - from > 0, let pace = RunFormat.paceSeconds(seconds / (to - from) * 1000) else { continue }
            points.append((distance, -Double(pace)))
        }
        guard points.count >= 2, let fastest = points.map(\.y).max(), let slowest = points.map(\.y).min() else {
            return nil
        }
        // At least 30 s/km of range, so that an even pace draws as a nearly flat line.
        let middle = (fastest + slowest) / 2
        let top = max(fastest, middle + 15), bottom = min(slowest, middle - 15)
        let chart = LineChart(
            xRange: range, yRange: bottom...top,
            yLabels: (RunFormat.pace(secondsPerKilometre: -top), RunFormat.pace(secondsPerKilometre: -bottom)),
            xLabels: distanceLabels(range, goalMetres: trace.goalMetres))
        let lines = chart.render([LineChart.Series(points: points, style: .cyan)], width: width, rows: chartRows(width: width))
        return lines.isEmpty ? nil : lines
    }

    /// Moving time when the runner passed `distance`, interpolated between the trace's points.
    private static func movingSeconds(_ points: [RunTrace.Point], at distance: Double) -> Double {
        var low = 0, high = points.count - 1
        guard distance > points[low].distanceMetres else { return points[low].movingSeconds }
        guard distance < points[high].distanceMetres else { return points[high].movingSeconds }
        while high - low > 1 {
            let middle = (low + high) / 2
            if points[middle].distanceMetres < distance { low = middle } else { high = middle }
        }
        let a = points[low], b = points[high]
        let span = b.distanceMetres - a.distanceMetres
        guard span > 0 else { return b.movingSeconds }
        return a.movingSeconds + (b.movingSeconds - a.movingSeconds) * (distance - a.distanceMetres) / span
    }

    /// Both runners' distance against run time, one line each, each ended by its runner's letter.
    static func pairChart(_ trace: RunTrace, ownName: String, width: Int) -> [StyledLine]? {
        guard let mateName = trace.mateName, trace.matePoints.count >= 2, trace.points.count >= 2 else { return nil }
        let own = trace.points.map { (x: $0.elapsedSeconds, y: $0.distanceMetres) }
        let mate = trace.matePoints.map { (x: $0.elapsedSeconds, y: $0.distanceMetres) }
        let end = max(own.last?.x ?? 0, mate.last?.x ?? 0)
        let farthest = max(own.map(\.y).max() ?? 0, mate.map(\.y).max() ?? 0)
        guard end > 0, farthest > 0 else { return nil }
        let chart = LineChart(
            xRange: 0...end, yRange: 0...farthest,
            yLabels: (RunFormat.runDistance(metres: farthest, goalMetres: trace.goalMetres), RunFormat.kilometres(metres: 0)),
            xLabels: (RunFormat.clockTime(seconds: 0), RunFormat.clockTime(seconds: end)))
        let lines = chart.render(
            [
                LineChart.Series(points: mate, style: .cyan, endMark: "B"),
                LineChart.Series(points: own, style: .green, endMark: "A"),
            ],
            width: width, rows: chartRows(width: width) + 2)
        guard !lines.isEmpty else { return nil }
        var legend = StyledLine(PanelLayout.margin)
        legend.append("A", .green)
        legend.append(" " + ownName + " · ")
        legend.append("B", .cyan)
        legend.append(" " + mateName)
        return lines + [legend]
    }
}
