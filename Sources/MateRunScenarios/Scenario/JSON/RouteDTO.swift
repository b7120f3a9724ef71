import MateRunDomain

/// The `route` of a scripted scenario: waypoints and how to go round them.
struct RouteDTO {
    var waypoints: [RouteWaypoint]
    var shape: RouteShape

    static func decode(_ value: ScenarioJSONNode) throws(ScenarioError) -> RouteDTO {
        try value.object().allowOnly(["waypoints", "shape"])
        let shapeValue = value["shape"]
        var shape = RouteShape.once
        if !shapeValue.isMissing {
            guard let text = shapeValue.stringValue, let parsed = RouteShape(rawValue: text) else {
                throw shapeValue.mismatch("expected \"loop\", \"out-and-back\" or \"once\", found \(shapeValue.found)")
            }
            shape = parsed
        }
        let items = try value["waypoints"].array()
        guard items.count >= 2 else {
            throw value["waypoints"].mismatch("expected at least 2 waypoints [lat, lon, elevation_m?], found \(items.count)")
        }
        var waypoints: [RouteWaypoint] = []
        for item in items {
            waypoints.append(try waypoint(item))
        }
        if let withElevation = items.indices.first(where: { waypoints[$0].elevation != nil }),
           let without = items.indices.first(where: { waypoints[$0].elevation == nil }) {
            throw items[without].mismatch(
                "expected an elevation here too (waypoints[\(withElevation)] has one): give every waypoint an elevation or none")
        }
        return RouteDTO(waypoints: waypoints, shape: shape)
    }

    func toDomain() -> RoutePath {
        RoutePath(waypoints: waypoints, shape: shape)
    }

    private static func waypoint(_ item: ScenarioJSONNode) throws(ScenarioError) -> RouteWaypoint {
        guard let parts = try? item.array(), (2...3).contains(parts.count) else {
            throw item.mismatch("expected a waypoint [lat, lon] or [lat, lon, elevation_m], found \(item.found)")
        }
        let coordinate = Coordinate(latitude: try parts[0].latitude(), longitude: try parts[1].longitude())
        return RouteWaypoint(coordinate: coordinate, elevation: parts.count == 3 ? try parts[2].elevation() : nil)
    }
}
