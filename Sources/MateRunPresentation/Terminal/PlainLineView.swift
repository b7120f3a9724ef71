/// Draws one compact line per update, for output that is not a terminal (a pipe, a log file):
/// `00:12:31  2.41 km  5'12"/km  163 kcal  48%`.
///
/// It only draws a `RunningViewModel.State`; pure and without I/O or colour. Words after the
/// numbers say when the run is not simply running (`paused`, `finished`, `gps lost`), and the mate, when there
/// is one, follows a `|`.
package enum PlainLineView {
    package static func render(_ state: RunningViewModel.State) -> String {
        var line = state.elapsed + "  " + state.distance + "  " + state.currentPace + "  " + state.calories
        if let percent = state.progressPercent { line += "  " + percent }
        if state.status != .running { line += "  " + state.statusText.lowercased() }
        if state.gpsLost { line += "  gps lost" }
        if let mate = state.mate {
            line += "  | " + mate.name + " " + mate.distance
            if let lead = mate.lead { line += " " + lead }
            if let connection = mate.connection { line += " " + connection }
            if let lastSeen = mate.lastSeen { line += " " + lastSeen }
        }
        return line
    }
}
