import MateRunDomain
import MateRunRecords
import MateRunSocket
import Synchronization

/// `--nmea-serve`: the run's fixes as NMEA 0183, GGA and RMC per fix, to every TCP client, as the
/// run delivers them (so at the replay's pace).
///
/// A fix's UTC time is the wall time the run started plus the fix's run time; speed and course
/// are the receiver's when it said (a live run), else measured from the fix before. Clients are
/// served by a `TCPBroadcaster`: bounded in number, a slow one dropped, none ever waited for.
final class NMEAFeed: LocationTap {
    private let server: TCPBroadcaster
    private let wallTime: @Sendable () -> Double
    private let state = Mutex(ServedFixes())

    /// The address clients connect to (the port chosen when 0 was asked for).
    var endpoint: TCPEndpoint { server.localEndpoint }

    init(serving endpoint: TCPEndpoint, wallTime: @escaping @Sendable () -> Double) throws(SocketError) {
        server = try TCPBroadcaster(host: endpoint.host, port: endpoint.port)
        self.wallTime = wallTime
    }

    /// Run time zero is now, in wall time.
    func start() {
        let now = wallTime()
        state.withLock { $0.start(at: now) }
    }

    /// Sends `sample` to every client.
    func publish(_ sample: LocationSample) {
        let text = state.withLock { state -> String in
            let fix = state.fix(for: sample, now: wallTime)
            return NMEASentenceWriter.sentences(fix)
        }
        server.broadcast(Array(text.utf8))
    }

    /// Closes the server and its clients.
    func close() {
        server.close()
    }
}
