/// Distances on the WGS84 ellipsoid.
///
/// A sphere (haversine) is off by up to about 0.5% depending on latitude and heading, which is
/// 25 m on a 5 km run; Vincenty's inverse formula on the ellipsoid agrees with Karney's
/// algorithm (GeographicLib) to well under a millimetre for the distances a run is made of.
package enum Geodesic {
    /// WGS84 semi-major axis in metres.
    package static let equatorialRadius = 6_378_137.0
    /// WGS84 flattening.
    package static let flattening = 1 / 298.257_223_563
    /// WGS84 semi-minor axis in metres.
    package static let polarRadius = equatorialRadius * (1 - flattening)

    /// The length in metres of the shortest path between two points on the ellipsoid.
    ///
    /// Uses Vincenty's inverse formula. For nearly antipodal points, where the iteration does not
    /// converge, the last iterate is used: such distances never occur between two fixes of a run.
    package static func distance(from p: Coordinate, to q: Coordinate) -> Double {
        if p == q { return 0 }
        let a = equatorialRadius, b = polarRadius, f = flattening
        let degree = Double.pi / 180
        let bigL = (q.longitude - p.longitude) * degree
        let u1 = reducedLatitude(p.latitude * degree)
        let u2 = reducedLatitude(q.latitude * degree)
        let sinU1 = u1.sin, cosU1 = u1.cos, sinU2 = u2.sin, cosU2 = u2.cos

        var lambda = bigL
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cosSqAlpha = 0.0, cos2SigmaM = 0.0
        for _ in 0..<200 {
            let sinLambda = Math.sin(lambda), cosLambda = Math.cos(lambda)
            let t1 = cosU2 * sinLambda
            let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 { return 0 }
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = Math.atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cosSqAlpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0
            let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = bigL + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 { break }
        }
        let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
        let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4
            * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        return b * bigA * (sigma - deltaSigma)
    }

    private static func reducedLatitude(_ latitude: Double) -> (sin: Double, cos: Double) {
        let tanU = (1 - flattening) * Math.tan(latitude)
        let cosU = 1 / (1 + tanU * tanU).squareRoot()
        return (tanU * cosU, cosU)
    }
}
