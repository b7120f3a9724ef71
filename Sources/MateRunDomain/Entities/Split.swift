/// One kilometre of a run (or the shorter remainder at the end), timed in moving time.
package struct Split: Sendable, Equatable {
    /// 1 for the first kilometre.
    package var index: Int
    /// Metres covered by this split: 1000 except for a final partial split.
    package var distanceMetres: Double
    /// Moving seconds spent on this split (auto-pause excluded).
    package var movingSeconds: Double
    /// Elapsed run time when the split ended.
    package var endElapsedSeconds: Double
    /// Metres climbed during the split.
    package var elevationGainMetres: Double

    package init(index: Int, distanceMetres: Double, movingSeconds: Double, endElapsedSeconds: Double, elevationGainMetres: Double) {
        self.index = index
        self.distanceMetres = distanceMetres
        self.movingSeconds = movingSeconds
        self.endElapsedSeconds = endElapsedSeconds
        self.elevationGainMetres = elevationGainMetres
    }

    /// Seconds per kilometre over this split, or nil for a split too short to have a pace.
    package var paceSecondsPerKilometre: Double? {
        distanceMetres >= 1 ? movingSeconds / distanceMetres * 1000 : nil
    }
}
