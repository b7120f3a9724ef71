import MateRunDomain
import Testing

/// Reference distances computed with GeographicLib (Karney), `Geodesic.WGS84.Inverse(...)["s12"]`;
/// `scripts/geodesic-reference.py` prints them again.
@Suite("Geodesic distance on WGS84")
struct GeodesicTests {
    static let references: [(Double, Double, Double, Double, Double)] = [
        (37.5665, 126.9780, 37.5670, 126.9790, 104.329931),
        (51.5074, -0.1278, 51.5080, -0.1290, 106.759171),
        (0.0001, 0.0001, 0.0002, 0.0003, 24.858557),
        (-33.8568, 151.2153, -33.8523, 151.2108, 650.046856),
        (64.1466, -21.9426, 64.1500, -21.9000, 2107.796617),
        (40.7829, -73.9654, 40.7644, -73.9730, 2152.275538),
        (37.5665, 126.9780, 35.1796, 129.0756, 324915.297453),
        (48.8566, 2.3522, 40.4168, -3.7038, 1052965.185949),
        (1.0, 103.8, 1.0, 103.9, 11130.264977),
        (70.0, 25.0, 70.0, 25.01, 381.865412),
    ]

    @Test("agrees with GeographicLib to a millimetre", arguments: references)
    func agreesWithGeographicLib(reference: (Double, Double, Double, Double, Double)) {
        // Given two points and GeographicLib's distance between them
        let (lat1, lon1, lat2, lon2, expected) = reference
        // When Vincenty's inverse formula measures it
        let measured = Geodesic.distance(
            from: Coordinate(latitude: lat1, longitude: lon1), to: Coordinate(latitude: lat2, longitude: lon2))
        // Then the two agree to a millimetre
        #expect(abs(measured - expected) < 0.001, "measured \(measured), GeographicLib \(expected)")
    }

    @Test func distanceIsSymmetric() {
        let a = Coordinate(latitude: 37.5665, longitude: 126.9780)
        let b = Coordinate(latitude: 37.5700, longitude: 126.9900)
        #expect(abs(Geodesic.distance(from: a, to: b) - Geodesic.distance(from: b, to: a)) < 1e-9)
    }

    @Test func samePointIsZeroMetresApart() {
        let a = Coordinate(latitude: -12.5, longitude: 45.25)
        #expect(Geodesic.distance(from: a, to: a) == 0)
    }

    @Test func nullIslandIsNotAPlausibleFix() {
        #expect(!Coordinate(latitude: 0, longitude: 0).isPlausibleFix)
        #expect(!Coordinate(latitude: 91, longitude: 0).isPlausibleFix)
        #expect(!Coordinate(latitude: .nan, longitude: 0).isPlausibleFix)
        #expect(Coordinate(latitude: 0.0001, longitude: 0).isPlausibleFix)
    }
}
