import Foundation
import MateRunRecords
import MateRunSocket
import Testing

/// `materun track` when gpsd goes away and comes back, and when an impostor on its port sends
/// garbage: a fake gpsd made of the socket layer, so the outage is exactly as long as the test
/// says. Needs no gpsd installed.
@Suite struct GPSDReconnectTests {
    private let bound = Duration.seconds(120)

    /// A fake gpsd on a port of its own, and materun tracking it (reconnecting for
    /// `retrySeconds` once it goes away) through its first 16 fixes.
    private func tracking(retrySeconds: Int) async throws -> (TCPListener, MateRunProcess, FakeGPSD, position: Int) {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let track = try MateRunProcess(
            "track", arguments: ["track", "--gpsd", "127.0.0.1:\(listener.port)", "--json", "--no-countdown", "--no-save",
                                 "--gpsd-retry", "\(retrySeconds)"],
            executable: try requireMateRunExecutable())
        do {
            let gpsd = try await FakeGPSD(accepting: listener, before: .now + bound)
            var position = 0
            try await gpsd.sendFixes(count: 16, from: &position)
            return (listener, track, gpsd, position)
        } catch {
            track.kill()
            listener.close()
            throw error
        }
    }

    @Test func gpsdRestartingMidRunShowsGPSLostThenTheRunGoesOn() async throws {
        // Given a fake gpsd and materun tracking it
        let (first, track, firstGPSD, sent) = try await tracking(retrySeconds: 20)
        defer { track.kill() }
        var (listener, gpsd, position) = (first, firstGPSD, sent)
        let port = listener.port
        // When it goes away for longer than the GPS is given before it counts as lost (10 s), but
        // less than materun keeps reconnecting (20 s)
        gpsd.close()
        listener.close()
        #expect(try await track.wait(before: .now + bound) { !$0.events("gps_lost").isEmpty }, "\(track.tail)")
        #expect(try await track.wait(before: .now + bound) { $0.errorLines.contains { $0.contains("lost gpsd") } }, "\(track.tail)")
        // And comes back on the same port
        listener = try TCPListener(host: "127.0.0.1", port: port)
        defer { listener.close() }
        gpsd = try await FakeGPSD(accepting: listener, before: .now + bound)
        defer { gpsd.close() }
        try await gpsd.sendFixes(count: 16, from: &position)
        // Then the run goes on: the GPS is found again, and the distance grows past the outage
        #expect(try await track.wait(before: .now + bound) { !$0.events("gps_found").isEmpty }, "\(track.tail)")
        #expect(try await track.wait(before: .now + bound) { $0.errorLines.contains { $0.contains("gpsd is back") } }, "\(track.tail)")
        track.interrupt()
        #expect(try await track.exitStatus(before: .now + bound) == 130)
        let summary = try #require(track.lastEvent("summary"), "\(track.tail)")
        #expect(summary["ending"] as? String == "cancelled")
        #expect((summary["distance_m"] as? Double ?? 0) > 10, "\(track.tail)")
    }

    @Test func garbageFromGpsdIsCountedAndGpsdGoneForLongerThanTheRetryEndsTheRun() async throws {
        // Given a fake gpsd and materun tracking it through 32 fixes (31 m: the first few are the
        // filter's to settle on), reconnecting for 2 s when gpsd goes away
        let (listener, track, gpsd, sent) = try await tracking(retrySeconds: 2)
        defer { track.kill() }
        var position = sent
        try await gpsd.sendFixes(count: 16, from: &position)
        // When it sends a line that is not JSON, a report with a malformed field, and a line too
        // long for gpsd (which ends that connection), and is gone for good
        try await gpsd.send(["not json", #"{"class":"TPV","mode":"3","lat":true}"#])
        try await gpsd.send([String(repeating: "x", count: 100_000)])
        gpsd.close()
        listener.close()
        // Then the receiver ended the run, with the distance run, and each drop counted
        #expect(try await track.exitStatus(before: .now + bound) == 0)
        let summary = try #require(track.lastEvent("summary"), "\(track.tail)")
        #expect(summary["ending"] as? String == "receiver_ended")
        #expect((summary["distance_m"] as? Double ?? 0) > 10, "\(track.tail)")
        #expect(track.errorLines.contains { $0.contains("gpsd reports dropped:") && $0.contains("1 not JSON") && $0.contains("1 malformed")
            && $0.contains("1 too long") }, "\(track.tail)")
    }
}

/// One connection of a fake gpsd: greets, waits for the watch, and sends TPV reports of a runner
/// going north at about 4 m/s, timed now.
struct FakeGPSD {
    private let connection: TCPConnection

    init(accepting listener: TCPListener, before deadline: ContinuousClock.Instant) async throws {
        let accepting = Task { try await listener.accept(options: TCPConnectionOptions(idleTimeout: .seconds(300), maxFrameBytes: 4096)) }
        let watchdog = Task {
            try await Task.sleep(until: deadline)
            accepting.cancel()
        }
        defer { watchdog.cancel() }
        connection = try await accepting.value
        try await connection.send(Array((#"{"class":"VERSION","release":"3.22","rev":"fake","proto_major":3,"proto_minor":14}"# + "\n").utf8))
        var frames = connection.frames.makeAsyncIterator()
        let watch = try await frames.next()
        #expect(watch.map { String(decoding: $0, as: UTF8.self) } == #"?WATCH={"enable":true,"json":true};"#)
    }

    /// Sends `count` fixes, one every 100 ms, each 1 m north of the last: counted, not timed, so
    /// that a loaded machine sends the same track, only later.
    func sendFixes(count: Int, from position: inout Int) async throws {
        let clock = ContinuousClock()
        var next = clock.now
        for _ in 0..<count {
            let now = Date().timeIntervalSince1970
            let latitude = 46.5 + Double(position) * 0.000009
            position += 1
            try await send([
                #"{"class":"TPV","device":"fake","mode":3,"time":""# + ISOTimestamp.text(unixSeconds: now, fractionDigits: 3, zulu: true)
                    + #"","lat":\#(latitude),"lon":6.5,"altHAE":400.0,"eph":4.0,"speed":4.0,"track":0.0}"#,
            ])
            next = next + .milliseconds(100)
            try await clock.sleep(until: next)
        }
    }

    func send(_ lines: [String]) async throws {
        try await connection.send(Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    func close() {
        connection.close()
    }
}
