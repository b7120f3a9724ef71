import MateRunDomain

/// Something that is handed every fix the run is delivered, as it is delivered: the NMEA
/// server, the gpsd-compatible server.
protocol LocationTap: Sendable {
    /// Run time zero is now.
    func start()
    func publish(_ sample: LocationSample)
}

/// A location provider whose fixes also go to `taps`: the run's own sensor, passed through.
struct TappedLocations: LocationProvider {
    let inner: any LocationProvider
    let taps: [any LocationTap]

    /// `inner` itself when there is no tap.
    static func wrapping(_ inner: any LocationProvider, _ taps: [(any LocationTap)?]) -> any LocationProvider {
        let present = taps.compactMap { $0 }
        return present.isEmpty ? inner : TappedLocations(inner: inner, taps: present)
    }

    func locationUpdates() -> AsyncStream<LocationSample> {
        taps.forEach { $0.start() }
        let source = inner.locationUpdates()
        let (stream, continuation) = AsyncStream.makeStream(of: LocationSample.self)
        let pass = Task { [taps] in
            for await sample in source {
                taps.forEach { $0.publish(sample) }
                continuation.yield(sample)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pass.cancel() }
        return stream
    }
}
