#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Watches the signals that concern a screen drawn in place, so that it can follow the terminal:
/// SIGWINCH (the window was resized: draw again to the new size), SIGTSTP (Ctrl-Z: give the
/// terminal back, cursor shown, before the process stops) and SIGCONT (`fg`: take it again).
///
/// The handlers run on a Dispatch queue, never in a Task, so nothing blocks the cooperative pool.
final class TerminalSignalWatch: Sendable {
    private static let watchedSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]

    private let sources: Mutex<[DispatchSourceSignal]>

    init(
        onResize: @escaping @Sendable () -> Void, onSuspend: @escaping @Sendable () -> Void,
        onContinue: @escaping @Sendable () -> Void
    ) {
        var sources: [DispatchSourceSignal] = []
        for number in Self.watchedSignals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                switch number {
                case SIGWINCH:
                    onResize()
                case SIGTSTP:
                    onSuspend()
                    // SIGSTOP cannot be caught: the process stops here, as Ctrl-Z means, and
                    // SIGCONT comes when the shell resumes it.
                    kill(getpid(), SIGSTOP)
                default:
                    onContinue()
                }
            }
            source.resume()
            sources.append(source)
        }
        self.sources = Mutex(sources)
    }

    /// Stops watching and puts the default handlers back. Safe to call more than once.
    func release() {
        let stopped = sources.withLock { sources in
            defer { sources.removeAll() }
            return sources
        }
        guard !stopped.isEmpty else { return }
        for source in stopped { source.cancel() }
        for number in Self.watchedSignals { signal(number, SIG_DFL) }
    }
}
