import Foundation
import Testing

/// Tests that must let wall-clock time pass to mean anything (a log played at a real receiver's
/// pace) run when `MATERUN_REALTIME_TESTS=1`, which `.ci/run` sets, so that every landing runs
/// them while a developer's `swift test` stays short. Without it they are skipped with this reason.
enum RealTimeTests {
    static var enabled: Bool { ProcessInfo.processInfo.environment["MATERUN_REALTIME_TESTS"] == "1" }

    static let skipReason: Comment = "a real-time case (minutes of wall-clock time): set MATERUN_REALTIME_TESTS=1 to run it, as CI does"
}
