import MateRunDomain
import MateRunGroup
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
/// socket pair per connection. The mate protocol, its code check and wrong-code budget, and the
/// pair's rules are the direct link's, unchanged; a NATS connection that drops or a server that
/// restarts closes the carried connection, and the joiner resumes as after any cut.
extension PairedRunCommand {
    func runAsHostThroughNATS(
        _ options: HostOptions, scenario: Scenario, profile: RunnerProfile, screen: any RunScreen, controls: RunnerControls,
        nmea: NMEAFeed?
    ) async throws(CommandFailure) -> Int32 {
        let natsOptions = try options.login.clientOptions(via: options.via ?? "", environment: container.environment)
        let url = natsOptions.url
        guard let goal = container.goalMetres(for: scenario, options: options.run) else {
            throw CommandFailure("host needs a goal: the scenario has none, so give --goal KM", status: ExitStatus.usage, usage: HelpText.usage(for: "host"))
        }
        let terms = MateTerms(mode: options.mode, goalMetres: goal, speed: options.run.speed.factor)
        // The code names the room on the server too, so it is long and random, not six digits.
        let code = GroupCode.random()
        let client: NATSClient
        let carried = SocketPairListener(backlog: Int(MateProtocol.listenBacklog))
        let host = MateHost(source: carried, code: code, hostName: profile.name, terms: terms)
        let tunnel: NATSTunnelServer
        let dials: NATSSubscription
        do {
            client = try await NATSClient.connect(natsOptions)
            tunnel = NATSTunnelServer(client: client, room: code, listener: carried)
            dials = try await tunnel.open()
        } catch {
            throw CommandFailure("cannot pair through \(url): \(error)")
        }
        screen.announce(
            PairingView.listeningFields(via: url.description, code: code, terms: terms),
            text: PairingView.listeningText(via: url.description, code: code, terms: terms))
        let writeMessage = screen.messageWriter
        let outcome = await withTaskGroup(of: Void.self) { group -> Result<Int32, CommandFailure> in
            group.addTask { await host.run() }
            group.addTask { await tunnel.run(dials) }
            group.addTask {
                for await notice in host.notices {
                    writeMessage("materun: \(notice)")
                }
            }
            let outcome: Result<Int32, CommandFailure>
            do {
                outcome = .success(try await pairAndRun(
                    scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea
                ) {
                    try await host.pairing()
                })
            } catch let failure as CommandFailure {
                outcome = .failure(failure)
            } catch {
                outcome = .failure(CommandFailure("\(error)"))
            }
            await host.close()
            group.cancelAll()
            return outcome
        }
        await client.close()
        return try outcome.get()
    }

    func joinThroughNATS(
        _ options: JoinOptions, scenario: Scenario, profile: RunnerProfile, screen: any RunScreen, controls: RunnerControls,
        nmea: NMEAFeed?
    ) async throws(CommandFailure) -> Int32 {
        let natsOptions = try options.login.clientOptions(via: options.via ?? "", environment: container.environment)
        let url = natsOptions.url
        screen.announce(PairingView.connectingFields(via: url.description), text: PairingView.connectingText(address: url.description))
        let client: NATSClient
        let tunnel: NATSTunnelClient
        do {
            client = try await NATSClient.connect(natsOptions)
        } catch {
            throw CommandFailure("cannot reach \(url): \(error)")
        }
        do {
            tunnel = try await NATSTunnelClient(client: client, room: options.code)
        } catch NATSError.noResponders {
            await client.close()
            throw CommandFailure("no host with code \(options.code) on \(url)")
        } catch {
            await client.close()
            throw CommandFailure("\(error)")
        }
        let carrying = Task { await tunnel.run() }
        defer { carrying.cancel() }
        let outcome: Result<Int32, CommandFailure>
        do {
            outcome = .success(try await pairAndRun(scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea) {
                try await MateJoiner(
                    dialer: tunnel.dialer, code: options.code, name: profile.name, sport: scenario.sport
                ).pair()
            })
        } catch {
            outcome = .failure(error)
        }
        await client.close()
        return try outcome.get()
    }
}
