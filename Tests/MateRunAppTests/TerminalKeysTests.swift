import Foundation
import Glibc
@testable import MateRunApp
import Synchronization
import Testing

/// The runner's keys, driven through a pseudo-terminal: the real `materun` sees a terminal on its
/// standard input and output, as it would in a shell, and the test types on the other side.
@Suite("Keys through a pseudo-terminal", .timeLimit(.minutes(5)))
struct TerminalKeysTests {
    @Test func keysMapToTheRunnersCommands() {
        #expect(TerminalKeys.command(for: UInt8(ascii: " ")) == .togglePause)
        #expect(TerminalKeys.command(for: UInt8(ascii: "l")) == .markLap)
        #expect(TerminalKeys.command(for: UInt8(ascii: "q")) == .stop)
        #expect(TerminalKeys.command(for: UInt8(ascii: "x")) == nil)
    }

    @Test func spacePausesAndResumesLMarksALapAndQEndsTheRunKeptAsStopped() async throws {
        let executable = try requireMateRunExecutable()
        // Given a replay on a pseudo-terminal of 80x30, under way
        let terminal = try PseudoTerminal(columns: 80, rows: 30)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["replay", "Scenarios/easy-5k.json", "--speed", "20", "--no-countdown"]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let data = TemporaryDataDirectory()   // the run is kept there, never in the real home
        environment["MATERUN_DATA_DIR"] = data.path
        process.environment = environment
        let child = FileHandle(fileDescriptor: terminal.child, closeOnDealloc: false)
        process.standardInput = child
        process.standardOutput = child
        process.standardError = child
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let deadline = ContinuousClock.now + .seconds(120)
        try #require(await terminal.wait(for: "RUNNING", before: deadline), "no panel:\n\(terminal.screen)")
        try #require(await terminal.wait(for: "keys: space pause/resume", before: deadline))

        // When the runner presses space
        terminal.type(" ")
        // Then the panel says PAUSED
        #expect(await terminal.wait(for: "PAUSED", before: deadline), "\(terminal.screen.suffix(800))")

        // When space again, then l
        let runningAgain = terminal.screen.count
        terminal.type(" ")
        #expect(await terminal.wait(for: "RUNNING", after: runningAgain, before: deadline))
        terminal.type("l")
        #expect(await terminal.wait(for: "Last lap  1", before: deadline), "\(terminal.screen.suffix(800))")

        // When q
        terminal.type("q")
        // Then the run ends at once, kept as a normal finish: the result says so, exit status 0
        #expect(await terminal.wait(for: "stopped by the runner", before: deadline), "\(terminal.screen.suffix(1500))")
        #expect(await terminal.wait(for: "── Laps", before: deadline))
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(process.terminationStatus == 0)
        // And the terminal's own mode is back: line editing and echo on
        #expect(terminal.lineEditingAndEchoAreOn)
        // And the run is kept in the history as stopped, with its lap
        let kept = await runMateRun(["history", "--json"], data: data).output.lines.compactMap(jsonObject)
        #expect(kept.first?["ending"] as? String == "stopped")
        let shown = await runMateRun(["show", "latest"], data: data).output.text
        #expect(shown.contains("stopped by the runner") && shown.contains("── Laps"), "\(shown)")
    }
}

/// A pseudo-terminal pair: the child end is given to the process as its terminal, the parent end
/// is read on a thread (what the process drew) and written (what the runner types).
private final class PseudoTerminal: Sendable {
    let parent: Int32
    let child: Int32
    private let output = Bytes()

    /// What the process wrote, filled by the reading thread.
    private final class Bytes: Sendable {
        private let bytes = Mutex([UInt8]())
        func append(_ more: ArraySlice<UInt8>) { bytes.withLock { $0.append(contentsOf: more) } }
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    init(columns: UInt16, rows: UInt16) throws {
        // posix_openpt and friends are hidden from Swift's Glibc; /dev/ptmx and its ioctls are what they do.
        parent = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK = _IOW('T', 0x31, int) and TIOCGPTN = _IOR('T', 0x30, unsigned int) on Linux.
        let unlockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430
        guard parent >= 0, ioctl(parent, unlockRequest, &unlock) == 0, ioctl(parent, numberRequest, &number) == 0 else {
            throw POSIXError(.ENOTTY)
        }
        child = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard child >= 0 else { throw POSIXError(.ENOTTY) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(child, UInt(TIOCSWINSZ), &size)
        let parent = self.parent
        let output = self.output
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(parent, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                output.append(buffer[..<count])
            }
        }
    }

    deinit {
        close(child)
        close(parent)
    }

    /// Everything the process wrote so far, as text.
    var screen: String { output.text }

    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(parent, $0.baseAddress, text.utf8.count) }
    }

    /// Waits until `text` appears in what was written after the first `offset` characters.
    func wait(for text: String, after offset: Int = 0, before deadline: ContinuousClock.Instant) async -> Bool {
        while ContinuousClock.now < deadline {
            let written = screen
            if written.count > offset, written.dropFirst(offset).contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Whether the terminal is in its usual mode (canonical input, echo): what the shell expects.
    var lineEditingAndEchoAreOn: Bool {
        var mode = termios()
        guard tcgetattr(child, &mode) == 0 else { return false }
        return mode.c_lflag & tcflag_t(ICANON) != 0 && mode.c_lflag & tcflag_t(ECHO) != 0
    }
}
