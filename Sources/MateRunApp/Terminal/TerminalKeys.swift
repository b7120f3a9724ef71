#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import MateRunDomain
import MateRunScenarios
import Synchronization

/// The runner's keys while a run is on a terminal: `space` pauses and resumes, `l` marks a lap,
/// `q` ends the run and keeps it (alone only: a paired run ends by the pair's rules, or Ctrl-C);
/// on a replay, `+`/`-` double and halve the playback speed, `g` starts and ends a loss of
/// signal, `j` makes the next fix jump 300 m (`ReplayHelm`).
///
/// Standard input is put in cbreak mode (no line buffering, no echo) for the run; `ISIG` stays on,
/// so Ctrl-C, Ctrl-Z and Ctrl-\ still signal as the shell expects. The terminal's own mode is
/// restored by `release()` on every way out: the run's end, Ctrl-C or a termination signal (the
/// command's `defer`), Ctrl-Z (`suspend()`, then `resume()` on `fg`), and a crash (a handler for
/// the fatal signals restores the mode and shows the cursor before the process dies). Keys are
/// read on a Dispatch source, never in a Task.
final class TerminalKeys: Sendable {
    private let descriptor: Int32
    private let original: termios
    /// Dispatch sources are safe to use from any thread, and cancelling twice is harmless.
    nonisolated(unsafe) private let source: DispatchSourceRead
    private let reading = Mutex(true)

    /// Takes the keys of `descriptor` for `controls`; nil when it is not a terminal (a pipe, a
    /// file: nothing to read keys from) or its mode cannot be read.
    init?(descriptor: Int32 = STDIN_FILENO, controls: RunnerControls, allowsStop: Bool, helm: ReplayHelm? = nil) {
        guard isatty(descriptor) == 1 else { return nil }
        var mode = termios()
        guard tcgetattr(descriptor, &mode) == 0 else { return nil }
        self.descriptor = descriptor
        original = mode
        CrashRestore.remember(mode, descriptor: descriptor)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        self.source = source
        source.setEventHandler { [weak self] in
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &bytes, bytes.count)
            guard count > 0 else {
                // End of input (the terminal went away): stop listening rather than spin.
                self?.stopReading()
                return
            }
            for byte in bytes[..<count] {
                if let helm, let steering = Self.steering(for: byte) {
                    helm.steer(steering, from: "key")
                    continue
                }
                guard let command = Self.command(for: byte), allowsStop || command != .stop else { continue }
                controls.send(command)
            }
        }
        enterCbreak()
        source.resume()
    }

    private func stopReading() {
        reading.withLock { $0 = false }
        source.cancel()
    }

    /// What the panel says about the keys.
    static func hint(allowsStop: Bool, steers: Bool = false) -> String {
        "keys: space pause/resume · l lap" + (steers ? " · +/- speed · g signal loss · j jump 300 m" : "")
            + (allowsStop ? " · q stop and keep the run" : "") + " · Ctrl-C cancel"
    }

    /// The replay's steering a key stands for, if any.
    static func steering(for byte: UInt8) -> SteeringCommand? {
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "="): .faster
        case UInt8(ascii: "-"), UInt8(ascii: "_"): .slower
        case UInt8(ascii: "g"), UInt8(ascii: "G"): .toggleSignal
        case UInt8(ascii: "j"), UInt8(ascii: "J"): .jump(metres: ReplaySteering.keyJumpMetres)
        default: nil
        }
    }

    /// The command a key stands for, if any.
    static func command(for byte: UInt8) -> RunnerCommand? {
        switch byte {
        case UInt8(ascii: " "): .togglePause
        case UInt8(ascii: "l"), UInt8(ascii: "L"): .markLap
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): .stop
        default: nil
        }
    }

    /// Gives the terminal its own mode back (before the process stops on Ctrl-Z).
    func suspend() {
        var mode = original
        tcsetattr(descriptor, TCSANOW, &mode)
    }

    /// Takes the keys again (after `fg`).
    func resume() {
        guard reading.withLock({ $0 }) else { return }
        enterCbreak()
    }

    /// Stops reading keys and restores the terminal's mode. Safe to call more than once.
    func release() {
        stopReading()
        suspend()
        CrashRestore.forget()
    }

    private func enterCbreak() {
        var mode = original
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSANOW, &mode)
    }
}

/// Puts the terminal back when the process dies of a fatal signal (a crash: a trap, an abort,
/// a bad access) while the keys hold it: the saved mode is restored and the cursor shown, then
/// the signal is raised again with its default action so the crash still happens as it would.
///
/// Only async-signal-safe calls run in the handler (`tcsetattr`, `write`, `signal`, `raise`).
private enum CrashRestore {
    private static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    /// Read by the signal handler, which can capture nothing; written before the handlers are
    /// installed and only from the run's thread.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    static func remember(_ mode: termios, descriptor: Int32) {
        saved = mode
        Self.descriptor = descriptor
        for number in fatalSignals {
            signal(number) { caught in
                if CrashRestore.descriptor >= 0 {
                    tcsetattr(CrashRestore.descriptor, TCSANOW, &CrashRestore.saved)
                }
                let showCursor: StaticString = "\u{1B}[?25h\r\n"
                _ = write(STDOUT_FILENO, showCursor.utf8Start, showCursor.utf8CodeUnitCount)
                signal(caught, SIG_DFL)
                raise(caught)
            }
        }
    }

    static func forget() {
        descriptor = -1
        for number in fatalSignals { signal(number, SIG_DFL) }
    }
}
