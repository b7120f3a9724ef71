import MateRunCrypto
import MateRunNATS
import MateRunSocket

/// Moves one local TCP connection's bytes through NATS and back, signed (PROTOCOL.md section
/// 12.4): each chunk read locally is published with its `Seq` and its `Sig` (this side's key over
/// the subject, the `Seq`, the close flag and the bytes), the end as a signed `Close: 1` with the
/// next `Seq`; each message received is checked against the far side's key.
///
/// Only a message the far side signed counts. One that fails its check (forged, altered) or that
/// was already received (replayed) is dropped and counted, and changes nothing: a forger can
/// neither inject bytes nor end the connection. A signed message whose `Seq` is past the next
/// one means messages were really lost (a NATS reconnect), and a signed `Close` is the far
/// side's end: either ends the pipe and closes both ends, so the protocol on top sees a dropped
/// connection and resumes as after any cut; it never sees bytes go missing.
struct NATSTunnelPipe {
    let client: NATSClient
    /// Where this side publishes.
    let outbound: String
    /// The far side's messages.
    let inbound: NATSSubscription
    /// This side's key, which signs what it publishes.
    let ownKey: Ed25519PrivateKey
    /// The far side's key, which must have signed what is received.
    let peerKey: Ed25519PublicKey
    let drops: NATSTunnelDropCounter

    /// What a received message is.
    enum Verdict: Equatable {
        /// The next message, with its payload; `close` when it ends the connection.
        case next(close: Bool)
        /// Not signed by the far side: dropped.
        case forged
        /// Signed, but its `Seq` was received already: dropped.
        case replayed
        /// Signed, and past the next `Seq`: messages in between were lost.
        case gap
    }

    func run(local: TCPConnection) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await send(from: local) }
            group.addTask { await receive(into: local) }
        }
    }

    private func send(from local: TCPConnection) async {
        var seq = 0
        do {
            for try await chunk in local.frames {
                seq += 1
                try publish(chunk, seq: seq, close: false)
            }
        } catch {}
        try? publish([], seq: seq + 1, close: true)
        inbound.unsubscribe()
    }

    private func receive(into local: TCPConnection) async {
        var expected = 1
        receiving: for await message in inbound.messages {
            switch Self.verdict(message, on: inbound.subject, from: peerKey, expected: expected) {
            case .next(close: true), .gap:
                break receiving
            case .next(close: false):
                expected += 1
                local.enqueue(message.payload)
            case .forged:
                drops.count(.badSignature)
            case .replayed:
                drops.count(.replayed)
            }
        }
        local.close()
        inbound.unsubscribe()
    }

    private func publish(_ payload: [UInt8], seq: Int, close: Bool) throws {
        try client.publish(outbound, payload: payload, headers: Self.headers(on: outbound, seq: seq, close: close, payload: payload, key: ownKey))
    }

    /// The headers of carried message `seq` on `subject` (PROTOCOL.md section 12.5), signed by `key`.
    static func headers(on subject: String, seq: Int, close: Bool, payload: [UInt8], key: Ed25519PrivateKey) throws(CryptoError) -> NATSHeaders {
        let signature = try key.signature(for: NATSPairSigning.streamInput(subject: subject, seq: seq, close: close, payload: payload))
        var fields = [("Seq", String(seq))]
        if close { fields.append(("Close", "1")) }
        fields.append(("Sig", Base64URL.encode(signature)))
        return NATSHeaders(fields)
    }

    /// Judges `message`, received on `subject` from the side whose key is `peerKey`, when
    /// `expected` is the next `Seq`: the signature first, so that only the far side's own
    /// messages advance the sequence or reveal a gap.
    static func verdict(_ message: NATSMessage, on subject: String, from peerKey: Ed25519PublicKey, expected: Int) -> Verdict {
        guard let headers = message.headers, let seqText = headers["Seq"], let seq = Int(seqText), seq > 0,
            String(seq) == seqText
        else { return .forged }
        let closeText = headers["Close"]
        guard closeText == nil || closeText == "1" else { return .forged }
        let close = closeText != nil
        guard !close || message.payload.isEmpty else { return .forged }
        let input = NATSPairSigning.streamInput(subject: subject, seq: seq, close: close, payload: message.payload)
        guard NATSPairSigning.isSigned(input, by: peerKey, signature: headers["Sig"]) else { return .forged }
        if seq < expected { return .replayed }
        if seq > expected { return .gap }
        return .next(close: close)
    }

    /// Options for the local side of a carried connection: raw chunks, long idle (the protocol on
    /// top has its own timeouts).
    static let localOptions: TCPConnectionOptions = {
        var options = TCPConnectionOptions(idleTimeout: .seconds(3600), maxFrameBytes: 1)
        options.framing = .chunks
        return options
    }()
}
