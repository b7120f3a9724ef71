/// One kilometre of a run (or the shorter remainder at the end), timed in moving time.
public struct Split: Sendable, Equatable {
    /// 1 for the first kilometre.
    public var index: Int
    /// Metres covered by this split: 1000 except for a final partial split.
    public var distanceMetres: Double
    /// Moving seconds spent on this split (auto-pause excluded).
    public var movingSeconds: Double
    /// Elapsed run time when the split ended.
    public var endElapsedSeconds: Double
    /// Metres climbed during the split.
    public var elevationGainMetres: Double

    public init(index: Int, distanceMetres: Double, movingSeconds: Double, endElapsedSeconds: Double, elevationGainMetres: Double) {
        self.index = index
        self.distanceMetres = distanceMetres
        self.movingSeconds = movingSeconds
        self.endElapsedSeconds = endElapsedSeconds
        self.elevationGainMetres = elevationGainMetres
    }

    /// Seconds per kilometre over this split, or nil for a split too short to have a pace.
    public var paceSecondsPerKilometre: Double? {
        distanceMetres >= 1 ? movingSeconds / distanceMetres * 1000 : nil
    }
}
