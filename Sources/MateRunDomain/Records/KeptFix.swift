/// A point of the track as a run hands it to the history: the fix, and the run's figures at it
/// that its journal line carries beside the fix's own distance and moving time.
///
/// Its own value rather than the whole `RunSnapshot`, so that a replay ahead of real time can
/// hold hundreds of fixes and hand them over at once (`RunRecording.record(_:)`).
package struct KeptFix: Sendable, Equatable, BitwiseCopyable {
    package var fix: RecordedFix
    /// The run's elapsed seconds, pauses included, at the fix.
    package var elapsedSeconds: Double
    package var caloriesKilocalories: Double
    package var elevationGainMetres: Double

    package init(_ fix: RecordedFix, elapsedSeconds: Double, caloriesKilocalories: Double, elevationGainMetres: Double) {
        self.fix = fix
        self.elapsedSeconds = elapsedSeconds
        self.caloriesKilocalories = caloriesKilocalories
        self.elevationGainMetres = elevationGainMetres
    }

    /// `fix` with the figures `snapshot` has.
    package init(_ fix: RecordedFix, at snapshot: RunSnapshot) {
        self.init(
            fix, elapsedSeconds: snapshot.elapsedSeconds, caloriesKilocalories: snapshot.caloriesKilocalories,
            elevationGainMetres: snapshot.elevationGainMetres)
    }
}
