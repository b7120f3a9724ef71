import MateRunDomain

/// East and north metres from a point, on the flat: exact enough over the few hundred metres of
/// a course's leg.
struct LocalMetres {
    let metresPerDegreeNorth = 111_320.0
    let metresPerDegreeEast: Double

    init(around point: Coordinate) {
        let east = Coordinate(latitude: point.latitude, longitude: point.longitude + 0.001)
        metresPerDegreeEast = max(1, Geodesic.distance(from: point, to: east) * 1000)
    }

    func offset(of point: Coordinate, from origin: Coordinate) -> (east: Double, north: Double) {
        ((point.longitude - origin.longitude) * metresPerDegreeEast, (point.latitude - origin.latitude) * metresPerDegreeNorth)
    }
}
