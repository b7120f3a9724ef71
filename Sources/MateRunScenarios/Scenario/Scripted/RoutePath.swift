import MateRunDomain

/// How a scripted runner goes round a route's waypoints.
enum RouteShape: String, CaseIterable {
    /// Back to the first waypoint after the last, and round again.
    case loop
    /// To the last waypoint and back to the first, and again.
    case outAndBack = "out-and-back"
    /// First to last waypoint, once.
    case once
}

/// A route's waypoint.
struct RouteWaypoint {
    var coordinate: Coordinate
    var elevation: Double?
}

/// A route as a polyline measured on the ellipsoid: where the runner is after any distance.
///
/// Loops and out-and-backs are unrolled into one pass that repeats, so that position is a pure
/// function of distance. Each leg is interpolated linearly in latitude and longitude, which is
/// exact to centimetres over legs of a few hundred metres.
struct RoutePath {
    let shape: RouteShape
    private let points: [RouteWaypoint]
    /// Distance along one pass at each point of `points`.
    private let cumulative: [Double]

    init(waypoints: [RouteWaypoint], shape: RouteShape) {
        self.shape = shape
        var pass = waypoints
        switch shape {
        case .loop:
            if let first = waypoints.first, let last = waypoints.last, first.coordinate != last.coordinate {
                pass.append(first)
            }
        case .outAndBack:
            pass.append(contentsOf: waypoints.reversed().dropFirst())
        case .once:
            break
        }
        var distances = [0.0]
        distances.reserveCapacity(pass.count)
        for index in pass.indices.dropFirst() {
            let leg = Geodesic.distance(from: pass[index - 1].coordinate, to: pass[index].coordinate)
            distances.append(distances[index - 1] + leg)
        }
        points = pass
        cumulative = distances
    }

    /// The length of one waypoint pass: once through, round the loop, or out and back.
    var passMetres: Double { cumulative.last ?? 0 }

    /// How far the route can take a runner: one pass for `once`, unlimited otherwise.
    var reachMetres: Double { shape == .once ? passMetres : .infinity }

    /// Where a runner is after `distance` metres from the start, repeating the pass as needed.
    func position(at distance: Double) -> RouteWaypoint {
        guard points.count > 1, passMetres > 0 else { return points[0] }
        var along = distance
        if shape == .once {
            along = min(max(0, along), passMetres)
        } else {
            along = along.truncatingRemainder(dividingBy: passMetres)
            if along < 0 { along += passMetres }
        }
        let leg = legIndex(containing: along)
        let start = points[leg], end = points[leg + 1]
        let length = cumulative[leg + 1] - cumulative[leg]
        let t = length > 0 ? (along - cumulative[leg]) / length : 0
        // The short way round: a leg across the ±180° meridian must not circle the globe.
        let eastward = Self.wrapped(end.coordinate.longitude - start.coordinate.longitude)
        let coordinate = Coordinate(
            latitude: start.coordinate.latitude + (end.coordinate.latitude - start.coordinate.latitude) * t,
            longitude: Self.wrapped(start.coordinate.longitude + eastward * t))
        let elevation = start.elevation.flatMap { from in end.elevation.map { from + ($0 - from) * t } }
        return RouteWaypoint(coordinate: coordinate, elevation: elevation)
    }

    /// A longitude (or a difference of two) in [-180, 180).
    private static func wrapped(_ degrees: Double) -> Double {
        guard degrees < -180 || degrees >= 180 else { return degrees }
        let shifted = (degrees + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }

    /// The index of the leg whose span holds `along` (binary search over `cumulative`).
    private func legIndex(containing along: Double) -> Int {
        var low = 0, high = cumulative.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if cumulative[middle] <= along { low = middle } else { high = middle }
        }
        return low
    }
}
