import MateRunMate
import MateRunSocket
import MateRunDomain

/// A plausible progress snapshot: full-precision doubles, as a real run produces them, so that
/// frames have their real size (about 150 bytes).
enum Sample {
    static func progress(_ seq: Int) -> MateProgress {
        let elapsed = 1834.0 + Double(seq) * 0.987_345_1
        return MateProgress(
            seq: seq, elapsedSeconds: elapsed, movingSeconds: elapsed * 0.973_16, distanceMetres: elapsed * 2.839_17,
            caloriesKilocalories: elapsed * 0.173_9, paused: false)
    }

    static func frame(_ seq: Int) -> [UInt8] {
        MateWireCodec.encode(.progress(progress(seq)))
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` on a fresh thread, never on the concurrency pool, and waits for it without
/// holding a pool thread.
func onDedicatedThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        startThread("bench.wait") { continuation.resume(returning: body()) }
    }
}

/// A connected loopback pair of materun connections.
func connectedPair(options: TCPConnectionOptions) async throws -> (client: TCPConnection, server: TCPConnection) {
    let listener = try TCPListener()
    async let accepted = listener.accept(options: options)
    let client = try await TCPConnection.connect(to: listener.localEndpoint, timeout: .seconds(5), options: options)
    let server = try await accepted
    listener.close()
    return (client, server)
}

/// Long enough that no benchmark connection times out between its rounds.
let quietTimeout = Duration.seconds(600)

// MARK: Round trips

/// `TCPConnection` alone: the frame's bytes (encoded once, up front) through the socket poller,
/// the frame splitter and the `frames` stream, echoed back as bytes. No codec.
final class ConnectionRoundTrip {
    private let client: TCPConnection
    private let server: TCPConnection
    private var replies: TCPFrames.AsyncIterator
    private let echo: Task<Void, Never>
    private let frame: [UInt8]

    init(frame: [UInt8]) async throws {
        (client, server) = try await connectedPair(options: TCPConnectionOptions(idleTimeout: quietTimeout, maxFrameBytes: MateProtocol.maxFrameBytes))
        self.frame = frame
        replies = client.frames.makeAsyncIterator()
        echo = Task.detached { [server] in
            do {
                for try await var received in server.frames {
                    received.append(UInt8(ascii: "\n"))
                    try await server.send(received)
                }
            } catch {}
        }
    }

    func roundTrip(seq _: Int) async throws {
        try await client.send(frame)
        guard let reply = try await replies.next(isolation: #isolation), reply.count == frame.count - 1 else {
            throw BenchmarkFailure("connection: no echo")
        }
    }

    func close() {
        client.close()
        server.close()
        echo.cancel()
    }
}

/// `SocketMateChannel`: a `progress` encoded by `MateWireCodec`, sent, decoded on the other side,
/// echoed back the same way and decoded again.
final class ChannelRoundTrip {
    private let client: SocketMateChannel
    private let server: SocketMateChannel
    private var replies: AsyncThrowingStream<MateMessage, any Error>.AsyncIterator
    private let echo: Task<Void, Never>

    init() async throws {
        let (client, server) = try await connectedPair(options: SocketMateChannel.options(idleTimeout: quietTimeout))
        self.client = SocketMateChannel(connection: client)
        let serverChannel = SocketMateChannel(connection: server)
        self.server = serverChannel
        replies = self.client.incoming.makeAsyncIterator()
        echo = Task.detached {
            do {
                for try await message in serverChannel.incoming {
                    try await serverChannel.send(message)
                }
            } catch {}
        }
    }

    func roundTrip(seq: Int) async throws {
        try await client.send(.progress(Sample.progress(seq)))
        guard case .progress(let echoed)? = try await replies.next(isolation: #isolation), echoed.seq == seq else {
            throw BenchmarkFailure("channel: wrong or no echo for seq \(seq)")
        }
    }

    func close() {
        client.connection.close()
        server.connection.close()
        echo.cancel()
    }
}

/// Two paired `TCPMateLink`s (real `MateHost`/`MateJoiner` handshake): `link.send(.progress)`
/// on the host until `.message(.progress)` comes out of the joiner's `events`, which sends it
/// back through its own link.
final class LinkRoundTrip {
    private let pair: PairedLinks
    private var events: AsyncStream<MateLinkEvent>.AsyncIterator
    private let echo: Task<Void, Never>

    init() async throws {
        pair = try await PairedLinks()
        events = pair.host.events.makeAsyncIterator()
        echo = Task.detached { [joiner = pair.joiner] in
            for await event in joiner.events {
                if case .update(let update) = event {
                    await joiner.send(update)
                }
            }
        }
    }

    func roundTrip(seq: Int) async throws {
        await pair.host.send(.progress(Sample.progress(seq)))
        while let event = await events.next(isolation: #isolation) {
            switch event {
            case .update(.progress(let echoed)) where echoed.seq == seq: return
            case .alive, .update: continue
            default: throw BenchmarkFailure("link: \(event)")
            }
        }
        throw BenchmarkFailure("link: events ended")
    }

    func close() async {
        await pair.close()
        echo.cancel()
    }
}

/// A host and a joiner paired over loopback with the production handshake and timings.
struct PairedLinks {
    let server: MateHost<TCPListener>
    let host: any MateLink
    let joiner: any MateLink

    init() async throws {
        let server = try MateHost(code: "482913", hostName: "Ben", terms: MateTerms(mode: .team, goalMetres: 5000))
        Task { await server.run() }
        async let hosting = server.pairing()
        let joined = try await MateJoiner(endpoint: server.endpoint, code: "482913", name: "Ana").pair()
        self.server = server
        host = try await hosting.link
        joiner = joined.link
    }

    func close() async {
        await host.close(MateGoodbye(reason: .finished, message: "benchmark over"))
        await joiner.close(MateGoodbye(reason: .finished, message: "benchmark over"))
        await server.close()
    }
}

// MARK: Throughput

/// Nanoseconds from the first send until the receiver has the `count`-th frame, for each way of
/// sending; a fresh connection each time.
enum Throughput {
    static func raw(frame: [UInt8], count: Int) async -> UInt64 {
        await onDedicatedThread { RawSocketPair().stream(frame, count: count) }
    }

    static func connection(frame: [UInt8], count: Int) async throws -> UInt64 {
        let (client, server) = try await connectedPair(options: TCPConnectionOptions(idleTimeout: quietTimeout, maxFrameBytes: MateProtocol.maxFrameBytes))
        defer {
            client.close()
            server.close()
        }
        let receiver = Task.detached { () throws -> UInt64 in
            var received = 0
            for try await _ in server.frames {
                received += 1
                if received == count { return monotonicNanoseconds() }
            }
            throw BenchmarkFailure("connection stream: ended after \(received)")
        }
        let start = monotonicNanoseconds()
        for _ in 0..<count {
            try await client.send(frame)
        }
        return try await receiver.value - start
    }

    /// The channel's own capacity: the connection without the paired rate limit, which would
    /// close a sender of more than `MateProtocol.pairedRateLimit` for flooding.
    static func channel(count: Int) async throws -> UInt64 {
        let (client, server) = try await connectedPair(options: TCPConnectionOptions(idleTimeout: quietTimeout, maxFrameBytes: MateProtocol.maxFrameBytes))
        defer {
            client.close()
            server.close()
        }
        let sender = SocketMateChannel(connection: client)
        let receiving = SocketMateChannel(connection: server)
        let receiver = Task.detached { () throws -> UInt64 in
            var received = 0
            for try await message in receiving.incoming {
                guard case .progress = message else { continue }
                received += 1
                if received == count { return monotonicNanoseconds() }
            }
            throw BenchmarkFailure("channel stream: ended after \(received)")
        }
        let start = monotonicNanoseconds()
        for seq in 1...count {
            try await sender.send(.progress(Sample.progress(seq)))
        }
        return try await receiver.value - start
    }
}

// MARK: Codec

/// Nanoseconds per frame for each step of the receive and send paths that is not I/O.
enum CodecCost {
    struct Costs {
        let encode: Double
        /// `MateWireCodec.decode`: the one JSON parser, then the fields.
        let decode: Double
    }

    static func measure(count: Int) throws -> Costs {
        let distinct = 1000
        let frames = (1...distinct).map(Sample.frame)
        let bare = frames.map { Array($0.dropLast()) }
        var checksum = 0

        var start = monotonicNanoseconds()
        for seq in 1...count {
            checksum &+= MateWireCodec.encode(.progress(Sample.progress(seq))).count
        }
        let encode = Double(monotonicNanoseconds() - start) / Double(count)

        start = monotonicNanoseconds()
        for index in 0..<count {
            if case .progress(let progress) = try MateWireCodec.decode(bare[index % distinct]) {
                checksum &+= progress.seq
            }
        }
        let decode = Double(monotonicNanoseconds() - start) / Double(count)

        guard checksum != 0 else { throw BenchmarkFailure("codec: nothing measured") }
        return Costs(encode: encode, decode: decode)
    }
}
