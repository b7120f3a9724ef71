import Foundation
import Glibc
import Synchronization
import Testing

/// The `materun` executable SwiftPM built next to the running test binary (`MateRunAppTests`
/// depends on the `materun` target, so plain `swift test` builds it), or nil if it is missing.
let materunExecutable: String? = {
    guard let testBinary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
        return nil
    }
    let path = URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("materun").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

/// The path of the `materun` executable, or a test failure that says where it was looked for.
func requireMateRunExecutable(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try #require(
        materunExecutable,
        "no materun executable next to the test binary (\((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "?")); build it with swift build",
        sourceLocation: sourceLocation)
}

/// The lines a stream has delivered so far, filled by a reader thread.
private final class LineLog: Sendable {
    private struct State {
        var lines: [String] = []
        var ended = false
    }
    private let state = Mutex(State())

    func append(_ line: String) { state.withLock { $0.lines.append(line) } }
    func end() { state.withLock { $0.ended = true } }
    var lines: [String] { state.withLock { $0.lines } }
    var ended: Bool { state.withLock { $0.ended } }

    /// Reads `descriptor` to its end on a dedicated thread, a line at a time.
    static func reading(_ handle: FileHandle) -> LineLog {
        let log = LineLog()
        Thread.detachNewThread {
            let descriptor = handle.fileDescriptor
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    log.append(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { log.append(String(decoding: pending, as: UTF8.self)) }
            log.end()
            try? handle.close()
        }
        return log
    }
}

/// A running `materun` child process whose standard output and error are read line by line in the
/// background. Every wait is bounded; `kill()` (also on deinit) makes sure no process outlives its test.
final class MateRunProcess {
    let label: String
    private let process = Process()
    private let output: LineLog
    private let errors: LineLog
    /// Where the process keeps its runs: never the real home.
    let data: TemporaryDataDirectory

    init(
        _ label: String, arguments: [String], executable: String, data: TemporaryDataDirectory = TemporaryDataDirectory(),
        environment extra: [String: String] = [:]
    ) throws {
        self.data = data
        self.label = label
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["MATERUN_DATA_DIR"] = data.path
        environment.merge(extra) { _, given in given }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        output = LineLog.reading(outputPipe.fileHandleForReading)
        errors = LineLog.reading(errorPipe.fileHandleForReading)
    }

    deinit { kill() }

    /// Standard output so far, a line each.
    var lines: [String] { output.lines }
    /// Standard error so far, a line each.
    var errorLines: [String] { errors.lines }
    var isRunning: Bool { process.isRunning }
    /// The process id, to look the process up in /proc.
    var pid: Int32 { process.processIdentifier }

    /// The JSON objects on standard output so far whose `type` is `type`.
    /// (materun writes `type` first, so other lines are skipped without parsing them.)
    func events(_ type: String) -> [[String: Any]] {
        let prefix = "{\"type\":\"\(type)\""
        return lines.filter { $0.hasPrefix(prefix) }.compactMap(jsonObject).filter { $0["type"] as? String == type }
    }

    /// The latest event of `type` so far.
    func lastEvent(_ type: String) -> [String: Any]? {
        let prefix = "{\"type\":\"\(type)\""
        return lines.last { $0.hasPrefix(prefix) }.flatMap(jsonObject)
    }

    /// The first event of `type`, waiting for it until `deadline`; nil if it did not come.
    func firstEvent(_ type: String, before deadline: ContinuousClock.Instant) async throws -> [String: Any]? {
        while ContinuousClock.now < deadline {
            if let event = events(type).first { return event }
            if !isRunning, output.ended { return events(type).first }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Waits until `condition` holds for this process's output, until `deadline`; whether it did.
    func wait(before deadline: ContinuousClock.Instant, until condition: (MateRunProcess) -> Bool) async throws -> Bool {
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            if !isRunning, output.ended { return condition(self) }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The exit status once the process has exited and its output is read, or nil if that did not
    /// happen before `deadline` (the process is then killed) or it died of a signal.
    func exitStatus(before deadline: ContinuousClock.Instant) async throws -> Int32? {
        while process.isRunning || !output.ended || !errors.ended {
            guard ContinuousClock.now < deadline else {
                Issue.record("\(label) did not exit in time; killed it. Last output:\n\(tail)")
                kill()
                return nil
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard process.terminationReason == .exit else {
            Issue.record("\(label) died of signal \(process.terminationStatus). Last output:\n\(tail)")
            return nil
        }
        return process.terminationStatus
    }

    /// Sends SIGINT, as Ctrl-C would.
    func interrupt() { process.interrupt() }

    /// Sends signal `number` (SIGTERM, SIGHUP, ...).
    func send(signal number: Int32) {
        if process.isRunning { Glibc.kill(process.processIdentifier, number) }
    }

    /// Kills the process at once if it is still running, and every process it started (gpsfake's
    /// own gpsd would outlive it otherwise).
    func kill() {
        guard process.isRunning else { return }
        for child in ProcessTree.descendants(of: process.processIdentifier) { Glibc.kill(child, SIGKILL) }
        Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// The last lines of both outputs, for failure messages.
    var tail: String {
        (lines.suffix(3).map { String($0.prefix(600)) } + errorLines.suffix(5).map { "stderr: " + $0 })
            .joined(separator: "\n")
    }
}

/// `line` as a JSON object, or nil.
func jsonObject(_ line: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
}
