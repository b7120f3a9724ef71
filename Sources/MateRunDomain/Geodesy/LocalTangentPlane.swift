/// A flat east/north frame in metres around a reference point, for filtering a track.
///
/// Within the few kilometres of one track segment the projection's scale error is far below GPS
/// noise, and the round trip back to coordinates is exact, so distances are still measured on the
/// ellipsoid.
struct LocalTangentPlane {
    let origin: Coordinate
    private let metresPerDegreeLatitude: Double
    private let metresPerDegreeLongitude: Double

    init(origin: Coordinate) {
        self.origin = origin
        let phi = origin.latitude * .pi / 180
        let e2 = Geodesic.flattening * (2 - Geodesic.flattening)
        let s = Math.sin(phi)
        let w = (1 - e2 * s * s).squareRoot()
        let meridional = Geodesic.equatorialRadius * (1 - e2) / (w * w * w)
        let normal = Geodesic.equatorialRadius / w
        metresPerDegreeLatitude = meridional * .pi / 180
        metresPerDegreeLongitude = normal * Math.cos(phi) * .pi / 180
    }

    func project(_ c: Coordinate) -> (east: Double, north: Double) {
        ((c.longitude - origin.longitude) * metresPerDegreeLongitude,
         (c.latitude - origin.latitude) * metresPerDegreeLatitude)
    }

    func coordinate(east: Double, north: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + north / metresPerDegreeLatitude,
                   longitude: origin.longitude + east / metresPerDegreeLongitude)
    }
}
