import MateRunDomain

extension RunFormat {
    /// Stretches named one line each up to this many; more read as the first few and a count.
    static let leftOutLinesShown = 3

    /// What the tracker did not count, one line each (`14.80 km at 89 km/h 00:16:41–00:26:42 (too
    /// fast to count)`, `2.01 km jump 00:11:40–00:11:43 (the track restarted)`); past
    /// `leftOutLinesShown`, the first ones and `3 more stretches, 4.52 km in all`. At most 60
    /// columns for any run under 100 hours, so that the result keeps to 80.
    package static func leftOut(_ stretches: [LeftOutStretch]) -> [String] {
        guard stretches.count > leftOutLinesShown else { return stretches.map(leftOutStretch) }
        let named = stretches.prefix(leftOutLinesShown - 1)
        let rest = stretches.dropFirst(named.count)
        let metres = rest.reduce(0) { $0 + $1.distanceMetres }
        return named.map(leftOutStretch) + ["\(rest.count) more stretches, \(kilometres(metres: metres)) in all"]
    }

    static func leftOutStretch(_ stretch: LeftOutStretch) -> String {
        let span = clockTime(seconds: stretch.fromSeconds) + "–" + clockTime(seconds: stretch.toSeconds)
        let distance = kilometres(metres: stretch.distanceMetres)
        switch stretch.reason {
        case .tooFast:
            let seconds = stretch.toSeconds - stretch.fromSeconds
            let speed = seconds > 0 ? " at \(Int((stretch.distanceMetres / seconds * 3.6).rounded())) km/h" : ""
            return "\(distance)\(speed) \(span) (too fast to count)"
        case .jump:
            return "\(distance) jump \(span) (the track restarted)"
        }
    }
}
