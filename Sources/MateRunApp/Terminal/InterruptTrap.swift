#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP into a call the app chooses: cancelling the run, so
/// that the summary of what was run is printed and the terminal is restored before exiting.
///
/// The process then exits with the status a shell expects of a process ended by that signal,
/// 128 + its number (`interruptedStatus`): 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
/// A second signal while the first is being handled exits at once with that status, after
/// restoring the cursor.
final class InterruptTrap {
    static let trappedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [DispatchSourceSignal]
    private let received: ReceivedSignals

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let received = ReceivedSignals()
        self.received = received
        sources = Self.trappedSignals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if received.record(number) > 1 {
                    if OutputSink.standardOutput.isTerminal {
                        OutputSink.standardOutput.write(TerminalControl.showCursor)
                        OutputSink.standardOutput.flush()
                    }
                    exit(ExitStatus.interrupted(by: number))
                }
                onInterrupt()
            }
            source.resume()
            return source
        }
    }

    /// The exit status for a run that ended cancelled: 128 + the number of the first signal
    /// (130 when none was trapped, as a cancelled run is one stopped with Ctrl-C).
    var interruptedStatus: Int32 {
        ExitStatus.interrupted(by: received.first ?? SIGINT)
    }

    /// Puts the default handlers back.
    func release() {
        for source in sources { source.cancel() }
        for number in Self.trappedSignals { signal(number, SIG_DFL) }
    }
}

/// Which signals arrived, shared with the signal handlers.
private final class ReceivedSignals: Sendable {
    private struct State {
        var count = 0
        var first: Int32?
    }
    private let state = Mutex(State())

    /// Notes a signal; returns how many have arrived, this one included.
    func record(_ number: Int32) -> Int {
        state.withLock { state in
            state.count += 1
            state.first = state.first ?? number
            return state.count
        }
    }

    var first: Int32? { state.withLock { $0.first } }
}
