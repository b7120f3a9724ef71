/// A point on the WGS84 ellipsoid, in degrees.
///
/// Kept as a plain value so that the math in Domain never depends on a platform location type.
package struct Coordinate: Sendable, Hashable, BitwiseCopyable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether the values can be a real fix: finite, in range, and not the 0/0 "null island"
    /// that broken receivers report before they have a fix.
    package var isPlausibleFix: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
            && !(latitude == 0 && longitude == 0)
    }
}
