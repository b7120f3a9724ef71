import Glibc
import MateRunTestSupport

/// Monotonic nanoseconds (`CLOCK_MONOTONIC`), the clock every figure here is read from.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Writes lines to stdout at once; a closed output ends the benchmark quietly.
enum Output {
    static func line(_ text: String = "") { BenchmarkOutput.line(text) }
}

/// Median and tail of one round of samples, in nanoseconds.
struct Summary {
    let median: Double
    let p99: Double
    let max: Double

    init(_ samples: [UInt64]) {
        let sorted = samples.sorted()
        median = Self.percentile(sorted, 0.50)
        p99 = Self.percentile(sorted, 0.99)
        max = Double(sorted.last ?? 0)
    }

    /// Nearest-rank percentile.
    static func percentile(_ sorted: [UInt64], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return Double(sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1])
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `value` with `decimals` digits after the point.
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    let scale = (0..<decimals).reduce(1.0) { product, _ in product * 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if decimals == 0 {
        text = String(Int(rounded))
    } else if let dot = text.firstIndex(of: ".") {
        let have = text.distance(from: dot, to: text.endIndex) - 1
        if have < decimals { text += String(repeating: "0", count: decimals - have) }
    }
    return text
}

func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
    let gap = String(repeating: " ", count: max(0, width - text.count))
    return right ? gap + text : text + gap
}

/// A value shared with a benchmark thread; written by one thread, read after it signalled.
final class Shared<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The one-line contents of a small file such as /proc/loadavg, or "?".
func firstLine(of path: String) -> String {
    guard let file = fopen(path, "r") else { return "?" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "?" }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}
