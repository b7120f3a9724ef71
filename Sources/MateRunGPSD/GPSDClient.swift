import MateRunSocket
import Synchronization

/// A client of gpsd's JSON socket (port 2947): asks for the watch, and turns what comes back into
/// fixes and news of gpsd's receivers (which it has, a report without a fix, a clock stepping
/// back), reconnecting when gpsd restarts.
///
/// The connection's I/O runs on `MateRunSocket`'s socket poller; this only reads its lines. Lines
/// go through one `TPVEpochMerger`, which hands out an epoch when a later one begins or when the
/// stream has been quiet for `quietFlush` (the last fix of a log is not held back). When the
/// connection ends, the client tries again with a growing delay (`retryDelays`), for at most
/// `retryFor`; then it gives up and the stream ends.
package struct GPSDClient: Sendable {
    /// The request that makes gpsd stream JSON reports.
    package static let watchRequest = Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8)
    /// The longest line taken from gpsd: a SKY report of a multi-constellation receiver is a few
    /// kilobytes; anything near this is not gpsd.
    package static let maxLineBytes = 64 * 1024
    /// Delays between reconnection attempts; the last one repeats.
    static let retryDelays: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)]
    static let connectTimeout = Duration.seconds(5)
    static let quietFlush = Duration.milliseconds(1500)

    package let endpoint: TCPEndpoint
    /// How long to keep trying after a connection ends.
    package let retryFor: Duration
    package let drops: GPSDDropCounter

    package init(endpoint: TCPEndpoint, retryFor: Duration, drops: GPSDDropCounter = GPSDDropCounter()) {
        self.endpoint = endpoint
        self.retryFor = retryFor
        self.drops = drops
    }

    /// Connects and asks for the watch; throws what the connection failed with (the command's
    /// first error: is gpsd running?).
    package func connect() async throws -> TCPConnection {
        let connection = try await TCPConnection.connect(
            to: endpoint, timeout: Self.connectTimeout,
            options: TCPConnectionOptions(idleTimeout: .seconds(24 * 3600), maxFrameBytes: Self.maxLineBytes))
        do {
            try await connection.send(Self.watchRequest)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// The session's events, starting with `first` (from `connect()`). Ends after `.ended`, or
    /// when the consumer stops; the connection is closed then.
    package func events(from first: TCPConnection) -> AsyncStream<GPSDEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: GPSDEvent.self, bufferingPolicy: .bufferingNewest(4096))
        let session = Task { [self] in
            // One merger for the session: times keep going forward and drops keep counting
            // across reconnections.
            let merger = SharedMerger()
            var connection = first
            while !Task.isCancelled {
                let reason = await read(connection, through: merger, to: continuation)
                connection.close()
                if Task.isCancelled { break }
                continuation.yield(.connectionLost(reason: reason))
                guard let again = await reconnect() else {
                    continuation.yield(.ended(reason: "gpsd at \(endpoint) did not come back within \(retryFor.seconds) s (\(reason))"))
                    break
                }
                connection = again
                continuation.yield(.reconnected)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in session.cancel() }
        return stream
    }

    /// Reads one connection to its end; returns why it ended.
    private func read(
        _ connection: TCPConnection, through shared: SharedMerger, to continuation: AsyncStream<GPSDEvent>.Continuation
    ) async -> String {
        let lastLine = Mutex(ContinuousClock.now)
        let drops = drops
        let quiet = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.quietFlush / 3)
                let silent = lastLine.withLock { ContinuousClock.now - $0 } >= Self.quietFlush
                guard silent else { continue }
                // Yielded under the lock, so that a fix the reader completes cannot overtake it.
                shared.merger.withLock { merger in
                    if let fix = merger.flush() { continuation.yield(.fix(fix)) }
                }
            }
        }
        defer { quiet.cancel() }
        var reason = "gpsd closed the connection"
        var receivers = GPSDReceiverList()
        do {
            for try await line in connection.frames {
                lastLine.withLock { $0 = .now }
                let counts = shared.merger.withLock { merger in
                    let (withoutFix, stepsBack) = (merger.counts.noFix, merger.clockStepsBack.count)
                    if let fix = merger.take(line: line) { continuation.yield(.fix(fix)) }
                    if merger.counts.noFix > withoutFix { continuation.yield(.withoutFix) }
                    if merger.clockStepsBack.count > stepsBack {
                        continuation.yield(.clockSteppedBack(seconds: merger.clockStepsBack.latestSeconds))
                    }
                    return merger.counts
                }
                drops.record(counts)
                if receivers.take(line: line), let paths = receivers.paths { continuation.yield(.receivers(paths)) }
            }
        } catch let closed as TCPConnectionClosed {
            if case .badFrame = closed.cause { drops.recordOversizedLine() }
            reason = closed.description
        } catch {
            reason = "\(error)"
        }
        shared.merger.withLock { merger in
            if let fix = merger.flush() { continuation.yield(.fix(fix)) }
        }
        return reason
    }

    /// Tries to connect again until `retryFor` has passed; nil when it has (or when cancelled).
    private func reconnect() async -> TCPConnection? {
        let clock = ContinuousClock()
        let giveUpAt = clock.now + retryFor
        var attempt = 0
        while clock.now < giveUpAt, !Task.isCancelled {
            let delay = Self.retryDelays[min(attempt, Self.retryDelays.count - 1)]
            attempt += 1
            do {
                try await clock.sleep(until: min(clock.now + delay, giveUpAt))
            } catch {
                return nil
            }
            if let connection = try? await connect() { return connection }
        }
        return nil
    }
}

/// The session's one merger, shared by the line reader and the quiet-stream flush.
private final class SharedMerger: Sendable {
    let merger = Mutex(TPVEpochMerger())
}

extension Duration {
    /// Whole seconds, for messages.
    var seconds: Int64 { components.seconds }
}
