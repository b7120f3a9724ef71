@testable import MateRunScenarios
import MateRunDomain
import Testing

/// Scripted routes are interpolated the short way round, so a leg across the ±180° meridian is
/// the few hundred metres it is and not a trip round the world.
@Suite("Route path across the antimeridian")
struct RoutePathMeridianTests {
    @Test func legAcrossTheAntimeridianStaysShort() {
        // Given a 1.1 km leg on the equator from 179.995°E to 179.995°W
        let route = RoutePath(
            waypoints: [RouteWaypoint(coordinate: Coordinate(latitude: 0, longitude: 179.995), elevation: nil),
                        RouteWaypoint(coordinate: Coordinate(latitude: 0, longitude: -179.995), elevation: nil)],
            shape: .once)
        // When the runner is half-way along it
        let middle = route.position(at: route.passMetres / 2).coordinate
        // Then they are on the meridian itself, and the leg is 0.01° of equator long
        #expect(abs(abs(middle.longitude) - 180) < 1e-9)
        #expect(abs(route.passMetres - 1113.2) < 0.5)
        #expect(Geodesic.distance(from: Coordinate(latitude: 0, longitude: 179.995), to: middle) < 560)
    }
}
