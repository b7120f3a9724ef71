import MateRunDomain
import MateRunJSON
import MateRunMate
import MateRunNATS
import MateRunPresentation
import MateRunRelay
import MateRunScenarios
import MateRunSocket

/// `host --via` and `join --via`: the same pairing, terms, start, run and resume as the direct
/// link, carried through a NATS server so that both sides only dial out.
///
/// Nothing listens, on either side: the host's `MateHost` accepts from a `SocketPairListener` that
/// its `NATSTunnelServer` fills with each connection the joiner opens through the room, and the
/// joiner's `MateJoiner` dials through a `NATSTunnelClient`, which hands it one end of a local
/// socket pair per connection. The tunnel proves the code's secret at each dial and signs every
/// byte both ways (PROTOCOL.md section 12), so that nobody else on the server can join, speak for
/// a side or end the pair; inside it, the mate protocol and the pair's rules are the direct
/// link's, with the room as the code. A NATS connection that drops or a server that restarts
/// closes the carried connection, and the joiner resumes as after any cut. What either side
/// dropped is told at the end (`nats_dropped`).
extension PairedRun {
    func runAsHostThroughNATS(
        _ options: HostOptions, scenario: Scenario, profile: RunnerProfile, screen: any RunScreen, controls: RunnerControls,
        nmea: NMEAFeed?
    ) async throws(CommandFailure) -> Int32 {
        let natsOptions = try options.login.clientOptions(via: options.via ?? "", environment: container.environment)
        let url = natsOptions.url
        let terms = try hostTerms(options, scenario: scenario)
        let client: NATSClient
        let carried = SocketPairListener(backlog: Int(MateProtocol.listenBacklog))
        let tunnel: NATSTunnelServer
        let dials: NATSSubscription
        do {
            client = try await NATSClient.connect(natsOptions)
        } catch {
            throw CommandFailure("cannot pair through \(url): \(error)")
        }
        do {
            tunnel = try NATSTunnelServer(client: client, listener: carried)
            dials = try await tunnel.open()
        } catch {
            await client.close()
            throw CommandFailure("cannot pair through \(url): \(error)")
        }
        // The mate protocol's code is the room, public: the secret was proved at the dial, and
        // only a dial that proved it reaches this host (PROTOCOL.md section 12).
        let host = MateHost(
            source: carried, code: tunnel.code.room, hostName: profile.name, hostSport: scenario.sport, terms: terms)
        let code = tunnel.code.description
        screen.summaryFields { [Self.droppedField(tunnel.drops)] }
        screen.announce(
            PairingView.listeningFields(via: url.description, code: code, terms: terms),
            text: PairingView.listeningText(via: url.description, code: code, terms: terms))
        let outcome = await serve(
            host, waitLimit: options.waitForMateSeconds, carrier: { await tunnel.run(dials) }, closing: { await tunnel.drain(within: Self.drainBound) },
            scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea)
        await client.close()
        tellDropped(tunnel.drops, screen: screen)
        return try outcome.get()
    }

    func joinThroughNATS(
        _ options: JoinOptions, scenario: Scenario, profile: RunnerProfile, screen: any RunScreen, controls: RunnerControls,
        nmea: NMEAFeed?
    ) async throws(CommandFailure) -> Int32 {
        let natsOptions = try options.login.clientOptions(via: options.via ?? "", environment: container.environment)
        let url = natsOptions.url
        guard let code = NATSPairCode(parsing: options.code) else {
            throw CommandFailure(
                "--code: a code through NATS is the host's 16 letters and digits, a dash and 12 more (e.g. \(Self.exampleCode)), not \(options.code)",
                status: ExitStatus.usage, usage: HelpText.usage(for: "join"))
        }
        screen.announce(PairingView.connectingFields(via: url.description), text: PairingView.connectingText(address: url.description))
        let client: NATSClient
        let tunnel: NATSTunnelClient
        do {
            client = try await NATSClient.connect(natsOptions)
        } catch {
            throw CommandFailure("cannot reach \(url): \(error)")
        }
        do {
            let writeMessage = screen.messageWriter
            tunnel = try await NATSTunnelClient(client: client, code: code, tell: { writeMessage("materun: \($0)") })
        } catch NATSError.noResponders {
            await client.close()
            throw CommandFailure("no host with code \(code) on \(url)")
        } catch {
            await client.close()
            throw CommandFailure("\(error)")
        }
        screen.summaryFields { [Self.droppedField(tunnel.drops)] }
        let carrying = Task { await tunnel.run() }
        defer { carrying.cancel() }
        let outcome: Result<Int32, CommandFailure>
        do {
            outcome = .success(try await pairAndRun(scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea) {
                try await MateJoiner(
                    dialer: tunnel.dialer, code: code.room, name: profile.name, sport: scenario.sport
                ).pair()
            })
        } catch {
            outcome = .failure(error)
        }
        await tunnel.drain(within: Self.drainBound)
        await client.close()
        tellDropped(tunnel.drops, screen: screen)
        return try outcome.get()
    }

    /// How long the end of a run waits for the last carried frames to go out through NATS.
    static let drainBound = Duration.seconds(2)

    /// A code of the right shape, for the error that says what a code looks like.
    static let exampleCode = "k2x9q7wm4abcdefg-h5st7vx2yz3n"

    /// The summary's `nats_dropped`: what this side received through NATS and dropped.
    static func droppedField(_ drops: NATSTunnelDrops) -> JSONMember {
        ("nats_dropped", .object([
            ("bad_signature", .integer(drops.badSignature)), ("replayed", .integer(drops.replayed)),
            ("refused_dials", .integer(drops.refusedDials)),
        ]))
    }

    /// Tells the person, on standard error, what was dropped, when anything was.
    private func tellDropped(_ drops: NATSTunnelDrops, screen: any RunScreen) {
        guard drops.total > 0 else { return }
        screen.messageWriter(
            "materun: dropped through NATS: \(drops.badSignature) with a bad signature, \(drops.replayed) replayed, "
                + "\(drops.refusedDials) dials refused")
    }
}
