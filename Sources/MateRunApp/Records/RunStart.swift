/// When a kept run began on the calendar: the file's own start for a replayed GPX, TCX or FIT
/// track, so that the kept run and its exports keep the file's times; else the moment that puts
/// the run's end when it ended on the wall clock. A 40-minute script at `--speed max` ends a
/// moment after it was begun, so it is kept as begun 40 minutes before: never ending in the future.
struct RunStart {
    /// The file's own start (seconds since 1970), nil when the run has no times of its own.
    let own: Double?
    /// Wall time as the calendar knows it (seconds since 1970) and the local offset from UTC.
    let wallTime: () -> (unixSeconds: Double, utcOffsetSeconds: Int)

    /// Where the run is begun: the file's start, else now (what an interrupted run keeps); and
    /// now, when it begins to be kept.
    func atBegin() -> (unixSeconds: Double, utcOffsetSeconds: Int, keptAt: Double) {
        let wall = wallTime()
        return (own ?? wall.unixSeconds, wall.utcOffsetSeconds, wall.unixSeconds)
    }

    /// Once the run is over, `elapsedSeconds` long: the file's start, else the moment that long before now.
    func atEnd(elapsedSeconds: Double) -> Double {
        own ?? wallTime().unixSeconds - elapsedSeconds
    }
}
