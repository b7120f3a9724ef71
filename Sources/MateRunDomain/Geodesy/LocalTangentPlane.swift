/// A flat east/north frame in metres around a reference point, for filtering a track (and for
/// drawing one: the result's route map).
///
/// Within the few kilometres of one track segment the projection's scale error is far below GPS
/// noise, and the round trip back to coordinates is exact, so distances are still measured on the
/// ellipsoid.
package struct LocalTangentPlane {
    package let origin: Coordinate
    private let metresPerDegreeLatitude: Double
    private let metresPerDegreeLongitude: Double

    package init(origin: Coordinate) {
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

    package func project(_ c: Coordinate) -> (east: Double, north: Double) {
        ((Self.wrapped(c.longitude - origin.longitude)) * metresPerDegreeLongitude,
         (c.latitude - origin.latitude) * metresPerDegreeLatitude)
    }

    func coordinate(east: Double, north: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + north / metresPerDegreeLatitude,
                   longitude: Self.wrapped(origin.longitude + east / metresPerDegreeLongitude))
    }

    /// A longitude (or a difference of two) in [-180, 180): a track across the ±180° meridian
    /// stays a few metres long instead of going round the world.
    private static func wrapped(_ degrees: Double) -> Double {
        guard degrees < -180 || degrees >= 180 else { return degrees }
        let shifted = (degrees + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }
}
