import MateRunDomain
import MateRunTestSupport
import Testing

/// The generator's geometry is the truth of the accuracy suite, so it is checked on its own
/// against GeographicLib (`Geodesic.WGS84.Direct`, values pinned with geographiclib 2.0).
@Suite("Accuracy: the track generator places points exactly")
struct AccuracyGeneratorTests {
    @Test("direct problem agrees with GeographicLib", arguments: [
        (45, 7, 0, 500, 45.004499161391, 7.000000000000),
        (45, 7, 90, 500, 44.999999823944, 7.006341408611),
        (45, 7, 33, 1234.5, 45.009315990488, 7.008528761711),
        (-33.8568, 151.2153, 200, 3000, -33.882214909206, 151.204208906196),
        (0.5, 179.999, 90, 1000, 0.499999993813, -179.992016507385),
        (89.99, 0, 45, 2000, 89.987061791900, 101.870990377509),
    ] as [(Double, Double, Double, Double, Double, Double)])
    func directProblemMatchesGeographicLib(
        latitude: Double, longitude: Double, azimuth: Double, metres: Double,
        expectedLatitude: Double, expectedLongitude: Double
    ) {
        // When the generator walks `metres` on `azimuth`
        let end = GeodesicDirect.destination(
            from: Coordinate(latitude: latitude, longitude: longitude), azimuth: azimuth, metres: metres).coordinate
        // Then it lands where GeographicLib does, to 1e-9° (about 0.1 mm of latitude)
        #expect(abs(end.latitude - expectedLatitude) < 1e-9)
        #expect(abs(end.longitude - expectedLongitude) < 1e-8)
    }

    @Test func truthIsTheSumOfTheLegs() {
        // Given the out-and-back of ten 500 m legs at 5:00/km
        let track = AccuracyCases.outAndBack()
        // Then its truth is 5000 m over 1500 s, and half-way is 2500 m
        #expect(track.truthMetres == 5000)
        #expect(abs(track.seconds - 1500) < 1e-9)
        #expect(abs(track.truth(at: 750) - 2500) < 1e-9)
    }
}
