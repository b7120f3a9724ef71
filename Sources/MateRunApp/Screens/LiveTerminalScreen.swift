import MateRunDomain
import MateRunJSON
import MateRunPresentation
import Synchronization

/// The live panel on a terminal: redrawn in place, fitted to the window's width and height, cursor
/// hidden while it runs and restored when it ends (every exit path goes through `finish` or
/// `restore`, and Ctrl-Z gives the terminal back until `fg`).
///
/// Each frame is one write wrapped in synchronized output, and never taller than the window, so
/// that redrawing in place never pushes a line into the scrollback. Frames are drawn from the
/// run's task and from the signal handlers (a resize, a resume), so the drawing state is behind
/// a lock.
final class LiveTerminalScreen: RunScreen, Sendable {
    /// What was last put on the terminal.
    private struct Drawing {
        /// Lines of the frame on screen; the cursor rests at the end of its last line.
        var drawnLines = 0
        /// When the next frame of the run's events is due: at `--speed max` the run outpaces any
        /// eye, so at most one every 50 ms of wall time.
        var frameDue: WallClockThrottle
        /// The state of the frame on screen, drawn again after a message or a resize.
        var lastState: RunningViewModel.State?
        var lastSize: TerminalSize?
        /// The terminal was used by someone else (the shell, after Ctrl-Z): where the frame was is
        /// unknown, so the next one starts on a cleared screen.
        var screenIsForeign = false
        /// The result is written and the terminal restored: nothing more is drawn.
        var ended = false
        /// The run as the result screen will draw it (map, charts), recorded from what is shown.
        var trace = RunTrace()
    }

    private let sink: OutputSink
    private let errors: OutputSink
    private let colour: Bool
    private let size: @Sendable () -> TerminalSize
    private let wallSeconds: @Sendable () -> Double
    private let paced: Bool
    private let drawing: Mutex<Drawing>
    private let signals = Mutex<TerminalSignalWatch?>(nil)
    /// The runner's keys, when standard input is a terminal: they give the terminal back with it.
    private let keys: TerminalKeys?

    init(
        sink: OutputSink, errors: OutputSink, colour: Bool, size: @escaping @Sendable () -> TerminalSize,
        wallSeconds: @escaping @Sendable () -> Double, paced: Bool, keys: TerminalKeys? = nil
    ) {
        self.keys = keys
        self.sink = sink
        self.errors = errors
        self.colour = colour
        self.size = size
        self.wallSeconds = wallSeconds
        self.paced = paced
        drawing = Mutex(Drawing(frameDue: WallClockThrottle(interval: 0.05, steady: !paced)))
        sink.write(TerminalControl.hideCursor)
        let watch = TerminalSignalWatch(
            onResize: { [weak self] in self?.redraw() },
            onSuspend: { [weak self] in self?.suspend() },
            onContinue: { [weak self] in self?.resume() })
        signals.withLock { $0 = watch }
    }

    func show(_ state: RunningViewModel.State) {
        draw(state)
    }

    /// Every event goes into the trace; a frame is drawn when one is due. At full speed the
    /// state is kept only for the frames drawn (a redraw after a resize or a message shows the
    /// last frame's), and the clock is read for one event in hundreds; a paced run keeps every
    /// state, so that a redraw shows the latest.
    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        drawing.withLock { drawing in
            if let snapshot = event.snapshot { drawing.trace.record(snapshot) }
            if let mate {
                drawing.trace.recordMate(
                    name: state.mate?.name ?? mate.name, elapsedSeconds: mate.elapsedSeconds,
                    distanceMetres: mate.distanceMetres)
            }
            if paced { drawing.lastState = state }
            guard !drawing.ended, drawing.frameDue.isDue(clock: wallSeconds) else { return }
            drawing.lastState = state
            write(state, on: &drawing)
        }
    }

    /// Writes `text` above the panel: the panel is wiped and drawn again below it.
    func announce(_ fields: [JSONMember], text: String) {
        drawing.withLock { drawing in
            var output = drawing.drawnLines > 0
                ? TerminalControl.cursorUp(drawing.drawnLines - 1) + TerminalControl.clearToEnd : ""
            for line in TextWrap.lines(text, width: size().columns, indent: "  ") { output += line + "\n" }
            drawing.drawnLines = 0
            sink.write(output)
            sink.flush()
        }
    }

    var messageWriter: @Sendable (String) -> Void {
        { [weak self] message in self?.writeMessage(message) }
    }

    /// The panel wiped, the message written on standard error where the panel began, and the
    /// panel drawn again below it.
    private func writeMessage(_ message: String) {
        drawing.withLock { drawing in
            if drawing.drawnLines > 0, !drawing.ended {
                sink.write(TerminalControl.cursorUp(drawing.drawnLines - 1) + TerminalControl.clearToEnd)
                sink.flush()
                drawing.drawnLines = 0
            }
            errors.writeLine(message)
            errors.flush()
            if !drawing.ended, let state = drawing.lastState { write(state, on: &drawing) }
        }
    }

    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        draw(state)
        let result = ResultViewModel(summary: summary, profile: profile).state
        drawing.withLock { drawing in
            guard !drawing.ended else { return }
            drawing.trace.record(summary.snapshot)
            if let pair {
                drawing.trace.recordMate(
                    name: RunFormat.displayName(pair.mate.name, fallback: "mate"),
                    elapsedSeconds: pair.mate.elapsedSeconds, distanceMetres: pair.mate.distanceMetres)
            }
            var output = drawing.drawnLines > 0 ? "\n\n" : "\n"
            for line in TerminalResultView.render(result, width: size().columns, colour: colour, trace: drawing.trace) {
                output += line + "\n"
            }
            for line in pair.map({ MateSummaryView.lines($0, ownName: profile.name) }) ?? [] {
                output += line + "\n"
            }
            if let ghost = state.ghostResult { output += GhostView.resultLine(ghost) + "\n" }
            drawing.drawnLines = 0
            sink.write(output)
        }
        restore()
        kept.map { writeMessage(Self.keptNotice($0)) }
    }

    /// Shows the cursor again, stops following the terminal's signals, and writes everything out.
    func restore() {
        signals.withLock { $0 }?.release()
        keys?.release()
        drawing.withLock { drawing in
            guard !drawing.ended else { return }
            drawing.ended = true
            // The cursor rests on the panel's last line: the shell's prompt goes below it.
            sink.write((drawing.drawnLines > 0 ? "\n" : "") + TerminalControl.showCursor)
            drawing.drawnLines = 0
            sink.flush()
        }
    }

    /// Draws `state` now, whenever the last frame was.
    private func draw(_ state: RunningViewModel.State) {
        drawing.withLock { drawing in
            drawing.lastState = state
            guard !drawing.ended else { return }
            write(state, on: &drawing)
        }
    }

    /// SIGWINCH: the last state again, at the new size.
    private func redraw() {
        drawing.withLock { drawing in
            guard !drawing.ended, let state = drawing.lastState else { return }
            write(state, on: &drawing)
        }
    }

    /// SIGTSTP: the terminal goes back to the shell as the shell expects it, cursor shown.
    private func suspend() {
        keys?.suspend()
        drawing.withLock { drawing in
            guard !drawing.ended else { return }
            sink.write((drawing.drawnLines > 0 ? "\n" : "") + TerminalControl.showCursor)
            sink.flush()
            drawing.drawnLines = 0
            drawing.screenIsForeign = true
        }
    }

    /// SIGCONT: the cursor hidden again and the panel drawn afresh.
    private func resume() {
        keys?.resume()
        drawing.withLock { drawing in
            guard !drawing.ended else { return }
            sink.write(TerminalControl.hideCursor)
            if let state = drawing.lastState { write(state, on: &drawing) }
            sink.flush()
        }
    }

    /// One frame in one write: back to the panel's first line (or a cleared screen when the
    /// window changed size or the shell drew on it), each line cleared and drawn, and whatever was
    /// below wiped.
    private func write(_ state: RunningViewModel.State, on drawing: inout Drawing) {
        let size = size()
        let lines = TerminalRunView.render(state, width: size.columns, height: size.rows, colour: colour)
        var frame = TerminalControl.beginSynchronizedUpdate
        if drawing.screenIsForeign || (drawing.lastSize.map { $0 != size } ?? false) {
            frame += TerminalControl.homeAndClearScreen
        } else if drawing.drawnLines > 0 {
            frame += TerminalControl.cursorUp(drawing.drawnLines - 1)
        } else {
            frame += "\r"
        }
        frame += lines.map { TerminalControl.clearLine + $0 }.joined(separator: "\r\n")
        frame += TerminalControl.clearToEnd + TerminalControl.endSynchronizedUpdate
        drawing.drawnLines = lines.count
        drawing.lastSize = size
        drawing.screenIsForeign = false
        sink.write(frame)
        sink.flush()
    }
}
