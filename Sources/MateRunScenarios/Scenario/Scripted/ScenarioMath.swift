import Foundation
import MateRunDomain

/// The elementary functions scenario generation needs, and the size of a degree on WGS84, kept in
/// one place so that the rest of the generator stays free of Foundation.
enum ScenarioMath {
    static func sin(_ x: Double) -> Double { Foundation.sin(x) }
    static func cos(_ x: Double) -> Double { Foundation.cos(x) }
    static func log(_ x: Double) -> Double { Foundation.log(x) }
    static func exp(_ x: Double) -> Double { Foundation.exp(x) }

    /// Metres per degree of latitude and of longitude at `latitude` on the WGS84 ellipsoid.
    static func metresPerDegree(atLatitude latitude: Double) -> (latitude: Double, longitude: Double) {
        let phi = latitude * .pi / 180
        let a = Geodesic.equatorialRadius, f = Geodesic.flattening
        let e2 = f * (2 - f)
        let s = sin(phi)
        let w = (1 - e2 * s * s).squareRoot()
        let meridional = a * (1 - e2) / (w * w * w)
        let normal = a / w
        return (meridional * .pi / 180, normal * cos(phi) * .pi / 180)
    }
}
