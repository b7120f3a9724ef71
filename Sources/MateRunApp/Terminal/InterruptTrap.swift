#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Turns Ctrl-C (SIGINT) and SIGTERM into a call the app chooses: cancelling the run, so that the
/// summary of what was run is printed and the terminal is restored before exiting.
///
/// A second signal while the first is being handled exits at once (status 130), after restoring
/// the cursor.
final class InterruptTrap {
    private let sources: [DispatchSourceSignal]
    private let count: SignalCount

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let count = SignalCount()
        self.count = count
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if count.increment() > 1 {
                    if OutputSink.standardOutput.isTerminal {
                        OutputSink.standardOutput.write(TerminalControl.showCursor)
                        OutputSink.standardOutput.flush()
                    }
                    exit(130)
                }
                onInterrupt()
            }
            source.resume()
            return source
        }
    }

    /// Puts the default handlers back.
    func release() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// How many signals arrived, shared with the signal handlers.
private final class SignalCount: Sendable {
    private let count = Mutex(0)

    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
