import MateRunNATS
import MateRunSocket

/// Moves one local TCP connection's bytes through NATS and back: each chunk read locally is
/// published with a `Seq` header, and each one received is written locally in order. A gap in
/// the sequence (a message lost while NATS reconnected), a `Close` from the far side, or the end
/// of the local connection ends the pipe and closes both ends, so the protocol on top sees a
/// dropped connection and resumes as it does after any cut; it never sees bytes go missing.
enum NATSTunnelPipe {
    static func run(local: TCPConnection, client: NATSClient, outbound: String, inbound: NATSSubscription) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var seq = 0
                do {
                    for try await chunk in local.frames {
                        seq += 1
                        try client.publish(outbound, payload: chunk, headers: NATSHeaders([("Seq", String(seq))]))
                    }
                } catch {}
                try? client.publish(outbound, payload: [], headers: NATSHeaders([("Close", "1")]))
                inbound.unsubscribe()
            }
            group.addTask {
                var expected = 1
                for await message in inbound.messages {
                    guard message.headers?["Close"] == nil, message.headers?["Seq"] == String(expected) else { break }
                    expected += 1
                    local.enqueue(message.payload)
                }
                local.close()
                inbound.unsubscribe()
            }
        }
    }

    /// Options for the local side of a carried connection: raw chunks, long idle (the protocol on
    /// top has its own timeouts).
    static let localOptions: TCPConnectionOptions = {
        var options = TCPConnectionOptions(idleTimeout: .seconds(3600), maxFrameBytes: 1)
        options.framing = .chunks
        return options
    }()
}
