import Foundation
import MateRunDomain

/// The direct geodesic problem on the WGS84 ellipsoid (Vincenty, 1975): where a walk of a given
/// length on a given azimuth ends, and the azimuth it arrives on.
///
/// It lives with the test support, apart from the code under test, so that synthetic tracks are
/// placed by exact construction: the true length of a generated route is the sum of its legs.
/// `AccuracyGeneratorTests` pins it against GeographicLib's `Direct` to well under a millimetre.
package enum GeodesicDirect {
    private static let a = 6_378_137.0
    private static let f = 1 / 298.257223563
    private static let b = a * (1 - f)

    /// The end of a geodesic of `metres` leaving `start` on `azimuth` degrees (clockwise from
    /// north), and the azimuth in degrees the geodesic has there.
    package static func destination(
        from start: Coordinate, azimuth: Double, metres: Double
    ) -> (coordinate: Coordinate, azimuth: Double) {
        let alpha1 = azimuth * .pi / 180
        let sinAlpha1 = sin(alpha1), cosAlpha1 = cos(alpha1)
        let tanU1 = (1 - f) * tan(start.latitude * .pi / 180)
        let cosU1 = 1 / (1 + tanU1 * tanU1).squareRoot(), sinU1 = tanU1 * cosU1
        let sigma1 = atan2(tanU1, cosAlpha1)
        let sinAlpha = cosU1 * sinAlpha1
        let cosSqAlpha = 1 - sinAlpha * sinAlpha
        let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
        let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        var sigma = metres / (b * bigA)
        var cos2SigmaM = 0.0, sinSigma = 0.0, cosSigma = 0.0
        for _ in 0..<200 {
            cos2SigmaM = cos(2 * sigma1 + sigma)
            sinSigma = sin(sigma)
            cosSigma = cos(sigma)
            let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
            let next = metres / (b * bigA) + deltaSigma
            defer { sigma = next }
            if abs(next - sigma) < 1e-14 { break }
        }
        cos2SigmaM = cos(2 * sigma1 + sigma)
        sinSigma = sin(sigma)
        cosSigma = cos(sigma)
        let tmp = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1
        let latitude = atan2(sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1,
                             (1 - f) * (sinAlpha * sinAlpha + tmp * tmp).squareRoot())
        let lambda = atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1)
        let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
        let l = lambda - (1 - c) * f * sinAlpha
            * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
        let arrival = atan2(sinAlpha, -tmp) * 180 / .pi
        return (Coordinate(latitude: latitude * 180 / .pi, longitude: normalised(start.longitude + l * 180 / .pi)),
                arrival)
    }

    /// A longitude in [-180, 180).
    package static func normalised(_ longitude: Double) -> Double {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }
}
