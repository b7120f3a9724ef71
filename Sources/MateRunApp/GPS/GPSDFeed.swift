import MateRunDomain
import MateRunGPSD
import MateRunRecords
import MateRunSocket
import Synchronization

/// `--gpsd-serve`: the run's fixes to gpsd clients (`GPSDServer`), as the run delivers them (so
/// at the replay's pace), each epoch a TPV and a SKY, or GGA and RMC to a client watching NMEA.
///
/// A fix's UTC time is the wall time the run started plus the fix's run time, as for
/// `--nmea-serve`; speed and course are the receiver's when it said, else measured from the fix
/// before.
final class GPSDFeed: LocationTap {
    private let server: GPSDServer
    private let wallTime: @Sendable () -> Double
    private let state = Mutex(ServedFixes())

    /// The address clients connect to (the port chosen when 0 was asked for).
    var endpoint: TCPEndpoint { server.localEndpoint }
    /// Commands clients sent that were not gpsd's.
    var refusedCommands: Int { server.refusedCommands }

    init(serving endpoint: TCPEndpoint, wallTime: @escaping @Sendable () -> Double) throws(SocketError) {
        server = try GPSDServer(
            host: endpoint.host, port: endpoint.port, device: GPSDReports.Device(path: "materun", activated: wallTime()))
        self.wallTime = wallTime
    }

    func start() {
        let now = wallTime()
        state.withLock { $0.start(at: now) }
    }

    func publish(_ sample: LocationSample) {
        let fix = state.withLock { $0.fix(for: sample, now: wallTime) }
        server.publish(ReceiverFixReport(fix: fix, nmea: NMEASentenceWriter.sentences(fix)))
    }

    func close() {
        server.close()
    }
}
