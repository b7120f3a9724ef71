import MateRunDomain

/// The stretch of the earth the page's map shows: a box of latitudes and longitudes.
///
/// It exists so that the map does not jump: a course known in advance fixes it once, and a live
/// track's grows only when the runner leaves it, by a quarter of its size again on every side,
/// so that it changes a few times in a run rather than every second.
package struct MapFrame: Sendable, Equatable {
    package var south: Double
    package var west: Double
    package var north: Double
    package var east: Double

    /// The smallest frame drawn, in metres across: a runner standing still is not a whole map.
    package static let minimumMetres = 200.0

    package init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The box that holds every point (one point's box is that point).
    package init(around points: [Coordinate]) {
        let first = points.first ?? Coordinate(latitude: 0, longitude: 0)
        self.init(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        for point in points.dropFirst() { include(point) }
    }

    package func contains(_ point: Coordinate) -> Bool {
        point.latitude >= south && point.latitude <= north && point.longitude >= west && point.longitude <= east
    }

    /// This frame if it holds `point`; otherwise one that holds both, a quarter larger on every
    /// side, and at least `minimumMetres` across.
    package func holding(_ point: Coordinate) -> MapFrame {
        guard !contains(point) else { return self }
        var grown = self
        grown.include(point)
        return grown.padded(share: 0.25)
    }

    /// The frame with `share` of its height and width added on every side, at least
    /// `minimumMetres` across each way.
    package func padded(share: Double) -> MapFrame {
        let centre = Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
        let scale = LocalMetres(around: centre)
        let least = Self.minimumMetres / 2
        let latitudePad = max((north - south) * share, least / scale.metresPerDegreeNorth - (north - south) / 2, 0)
        let longitudePad = max((east - west) * share, least / scale.metresPerDegreeEast - (east - west) / 2, 0)
        return MapFrame(south: south - latitudePad, west: west - longitudePad, north: north + latitudePad, east: east + longitudePad)
    }

    private mutating func include(_ point: Coordinate) {
        guard point.latitude.isFinite, point.longitude.isFinite else { return }
        south = min(south, point.latitude)
        north = max(north, point.latitude)
        west = min(west, point.longitude)
        east = max(east, point.longitude)
    }
}
