/// How run time follows a base clock's time when the playback speed may change while the run
/// goes: run time is `runAnchor + (base − baseAnchor) × speed`, and a change of speed re-anchors
/// at the moment it is made, so run time never jumps, forwards or back.
package struct PlaybackRate: Sendable, Equatable {
    package private(set) var speed: Double
    private var baseAnchor: Double
    private var runAnchor: Double

    package init(speed: Double, baseAnchor: Double = 0, runAnchor: Double = 0) {
        self.speed = speed
        self.baseAnchor = baseAnchor
        self.runAnchor = runAnchor
    }

    /// Run time at base time `base`.
    package func runTime(atBase base: Double) -> Double {
        runAnchor + (base - baseAnchor) * speed
    }

    /// The base time at which run time reaches `run`, at the present speed.
    package func baseTime(forRun run: Double) -> Double {
        baseAnchor + (run - runAnchor) / speed
    }

    /// Plays at `speed` from base time `base` on.
    package mutating func change(to speed: Double, atBase base: Double) {
        runAnchor = runTime(atBase: base)
        baseAnchor = base
        self.speed = speed
    }
}
