/// A kept run's totals: what its summary line and the week and month totals add up.
package struct RunFigures: Sendable, Equatable {
    package var elapsedSeconds: Double
    package var movingSeconds: Double
    package var distanceMetres: Double
    package var caloriesKilocalories: Double
    package var elevationGainMetres: Double

    package init(
        elapsedSeconds: Double = 0, movingSeconds: Double = 0, distanceMetres: Double = 0,
        caloriesKilocalories: Double = 0, elevationGainMetres: Double = 0
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMetres = distanceMetres
        self.caloriesKilocalories = caloriesKilocalories
        self.elevationGainMetres = elevationGainMetres
    }

    /// The figures of a run's last snapshot.
    package init(_ snapshot: RunSnapshot) {
        self.init(
            elapsedSeconds: snapshot.elapsedSeconds, movingSeconds: snapshot.movingSeconds,
            distanceMetres: snapshot.distanceMetres, caloriesKilocalories: snapshot.caloriesKilocalories,
            elevationGainMetres: snapshot.elevationGainMetres
        )
    }

    /// Moving seconds per kilometre, nil before the first 10 metres (as the live screen does).
    package var averagePaceSecondsPerKilometre: Double? {
        distanceMetres >= 10 ? movingSeconds / distanceMetres * 1000 : nil
    }
}
