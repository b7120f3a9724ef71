import Foundation
import Glibc
import Synchronization

/// The processes and temporary folders a test or a benchmark starts, ended with it however it
/// ends.
///
/// A server left behind by a failed benchmark keeps its port, its store and the caller's pipe
/// (`benchmark | tail` never returns while a child holds the pipe's write end). So every child
/// is started through `setpriv --pdeathsig KILL`, from one thread that lives as long as this
/// process: the kernel kills the child when that thread ends, which is when this process ends,
/// even by SIGKILL. A normal exit, SIGINT, SIGTERM, SIGHUP and a closed standard output
/// (`BenchmarkOutput`) also end every child and remove every registered folder first.
package enum ChildProcesses {
    /// Starts `process` tied to this process's life; its PID is `process.processIdentifier`.
    /// Blocks the calling thread while the launcher starts it: for a program's own set-up.
    package static func run(_ process: Process) throws {
        tie(process)
        try Launcher.shared.perform { try process.run() }
        registry.withLock { $0.processes.append(process.processIdentifier) }
    }

    /// Starts `process` as `run` does, suspending rather than blocking while it starts: tests
    /// share two threads, and one held while another test's child starts holds up the rest.
    package static func start(_ process: Process) async throws {
        tie(process)
        try await Launcher.shared.start { try process.run() }
        registry.withLock { $0.processes.append(process.processIdentifier) }
    }

    private static func tie(_ process: Process) {
        endOnExit()
        if let setpriv, let executable = process.executableURL?.path {
            process.arguments = ["--pdeathsig", "KILL", "--", executable] + (process.arguments ?? [])
            process.executableURL = URL(fileURLWithPath: setpriv)
        }
    }

    /// A new empty folder under the system's temporary folder, removed when this process ends.
    package static func temporaryDirectory(_ prefix: String) throws -> String {
        endOnExit()
        var template = Array((NSTemporaryDirectory() + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ChildProcessError.noTemporaryDirectory(prefix, errno) }
        let path = String(cString: made)
        registry.withLock { $0.folders.append(path) }
        return path
    }

    /// Ends every child still running (SIGKILL) and removes every registered folder. Safe to call
    /// more than once, from any thread.
    package static func endAll() {
        let (processes, folders) = registry.withLock { registry in
            defer { registry = Registry() }
            return (registry.processes, registry.folders)
        }
        for pid in processes where pid > 0 { kill(pid, SIGKILL) }
        if !processes.isEmpty { waitForExit(processes) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Installs, once, what ends the children with this process: an exit handler, and handlers
    /// for SIGINT, SIGTERM and SIGHUP that end them and exit with 128 + the signal's number.
    /// SIGPIPE is ignored, so that a closed output is an error to handle, not a silent death.
    package static func endOnExit() {
        _ = installed
    }

    private struct Registry {
        var processes: [pid_t] = []
        var folders: [String] = []
    }

    private static let registry = Mutex(Registry())

    private static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    private static let installed: Bool = {
        signal(SIGPIPE, SIG_IGN)
        atexit { ChildProcesses.endAll() }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                endAll()
                _exit(128 + number)
            }
            source.resume()
            // Kept for the life of the process.
            _ = Unmanaged.passRetained(source as AnyObject)
        }
        return true
    }()

    /// Waits (up to 2 s) until the killed children are gone, so that their folders can go.
    private static func waitForExit(_ processes: [pid_t]) {
        for _ in 0..<200 {
            let running = processes.contains { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
                // The state follows the command's closing parenthesis: Z (zombie) or X (dead) is gone.
                guard let close = stat.lastIndex(of: ")") else { return false }
                let state = stat[stat.index(after: close)...].dropFirst().first
                return state != "Z" && state != "X"
            }
            if !running { return }
            usleep(10_000)
        }
    }
}

package enum ChildProcessError: Error, CustomStringConvertible {
    case noTemporaryDirectory(String, Int32)

    package var description: String {
        switch self {
        case let .noTemporaryDirectory(prefix, code):
            "could not make a temporary folder \(prefix)-…: \(String(cString: strerror(code)))"
        }
    }
}

/// The one thread every child is started from. `PR_SET_PDEATHSIG` fires when the thread that
/// started a child ends, not the process; a pool thread may end whenever it idles, so children
/// are started from this thread, which never ends.
private final class Launcher: Sendable {
    static let shared = Launcher()

    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in
            while true {
                wake.wait()
                let due = self.jobs.withLock { jobs in
                    defer { jobs.removeAll() }
                    return jobs
                }
                due.forEach { $0() }
            }
        }
        thread.name = "child-process launcher"
        thread.start()
    }

    /// Runs `body` on the launcher's thread; the caller suspends until it has run.
    func start(_ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            jobs.withLock { $0.append { done.resume(with: Result(catching: body)) } }
            wake.signal()
        }
    }

    /// Runs `body` on the launcher's thread and returns its result.
    func perform<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<Value, any Error>?>(nil)
        jobs.withLock { $0.append { result.withLock { $0 = Result(catching: body) }; done.signal() } }
        wake.signal()
        done.wait()
        guard let outcome = result.withLock({ $0 }) else { preconditionFailure("the launcher signalled before its job ran") }
        return try outcome.get()
    }
}
