import Foundation

/// The elementary functions Domain needs, in one place, so that only this file imports Foundation.
enum Math {
    @inline(__always) static func sin(_ x: Double) -> Double { Foundation.sin(x) }
    @inline(__always) static func cos(_ x: Double) -> Double { Foundation.cos(x) }
    @inline(__always) static func tan(_ x: Double) -> Double { Foundation.tan(x) }
    @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) }
    @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
}
