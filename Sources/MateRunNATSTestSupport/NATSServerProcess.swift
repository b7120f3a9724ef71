import Foundation
import Glibc
import MateRunNATS
import MateRunSocket
import MateRunTestSupport
import Synchronization

/// A real `nats-server` started by a test on a port of its own choosing, ended by its PID, and
/// with this process however it ends (`ChildProcesses`).
///
/// Tests that need one are enabled only when the executable is installed (and say so when
/// skipped), unless `MATERUN_REQUIRE_NATS=1` (CI), where a missing server fails them instead.
package final class NATSServerProcess: Sendable {
    package let process: Process
    package let port: UInt16
    package let arguments: [String]

    package static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/bin", "/usr/bin"]
        return directories.map { $0 + "/nats-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    package static let required = ProcessInfo.processInfo.environment["MATERUN_REQUIRE_NATS"] == "1"

    /// Whether tests with a real server run: installed, or required (then a missing one fails).
    package static let enabled = executable != nil || required

    package static let skipReason = "nats-server is not installed (apt-get install nats-server); MATERUN_REQUIRE_NATS=1 makes this a failure"

    private let serverLog: ServerLog

    private init(process: Process, port: UInt16, arguments: [String], log: ServerLog) {
        self.process = process
        self.port = port
        self.arguments = arguments
        serverLog = log
    }

    /// What the server has written to its log so far (for a failure's message).
    package var log: String { serverLog.text }

    /// A test that failed before `stop()` still ends its server, by PID, once nothing uses it.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    package var url: NATSURL { NATSURL(endpoint: TCPEndpoint(host: "127.0.0.1", port: port)) }

    /// Starts a server on `port` (or one the server picks, `-p -1`), and returns once its log
    /// says it listens for clients: an event, bounded by a generous timeout.
    package static func start(port: UInt16? = nil, arguments: [String] = []) async throws -> NATSServerProcess {
        guard let executable else { throw NATSServerMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-a", "127.0.0.1", "-p", port.map(String.init) ?? "-1"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let log = ServerLog()
        let listening = ListeningReport()
        // The server logs to stderr; a thread reads it to the end, so the pipe never fills.
        let reader = Thread {
            let handle = errors.fileHandleForReading
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                let text = String(decoding: data, as: UTF8.self)
                let all = log.append(text)
                if let port = Self.clientPort(in: all) { listening.report(port) }
            }
            listening.fail()
        }
        try await ChildProcesses.start(process)
        reader.start()
        let bound: UInt16
        do {
            bound = try await withTimeout(20) { try await listening.port() }
        } catch {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw NATSServerDidNotStart(log: log.text)
        }
        return NATSServerProcess(process: process, port: bound, arguments: arguments, log: log)
    }

    /// Starts a fresh server with the same port and arguments (a restart, after `stop()`).
    package func restarted() async throws -> NATSServerProcess {
        try await Self.start(port: port, arguments: arguments)
    }

    /// Kills the server by its PID with SIGKILL, as a crash or a pulled plug would end it: no
    /// goodbye to its clients or its cluster. Returns once it has exited.
    package func crash() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Ends the server by its PID (SIGTERM, then SIGKILL) and waits for it, bounded.
    package func stop() async {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        for _ in 0..<100 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    private static func clientPort(in log: String) -> UInt16? {
        guard let range = log.range(of: "Listening for client connections on ") else { return nil }
        let rest = log[range.upperBound...].prefix { $0 != "\n" }
        return rest.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .whitespaces)) }
    }
}

package struct NATSServerMissing: Error, CustomStringConvertible {
    package var description: String { "nats-server is required (MATERUN_REQUIRE_NATS=1) but not installed" }
}

package struct NATSServerDidNotStart: Error, CustomStringConvertible {
    /// What the server wrote before it ended or stalled.
    package var log: String = ""
    package var description: String { "nats-server did not start: \(log)" }
}

/// The port a starting server reports, handed from the log reader to the waiting test.
private final class ListeningReport: Sendable {
    private let state = Mutex<(port: UInt16?, failed: Bool, waiter: CheckedContinuation<UInt16, any Error>?)>((nil, false, nil))

    func report(_ port: UInt16) {
        let waiter = state.withLock { state -> CheckedContinuation<UInt16, any Error>? in
            guard state.port == nil else { return nil }
            state.port = port
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: port)
    }

    func fail() {
        let waiter = state.withLock { state -> CheckedContinuation<UInt16, any Error>? in
            guard state.port == nil else { return nil }
            state.failed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: NATSServerDidNotStart())
    }

    func port() async throws -> UInt16 {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<UInt16, any Error>? in
                if let port = state.port { return .success(port) }
                if state.failed { return .failure(NATSServerDidNotStart()) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}

/// Everything a server wrote to its log, shared between the reader thread and the test.
private final class ServerLog: Sendable {
    private let content = Mutex("")

    /// Appends `text`; returns the whole log so far.
    func append(_ text: String) -> String {
        content.withLock { log in
            log += text
            return log
        }
    }

    var text: String { content.withLock { $0 } }
}
