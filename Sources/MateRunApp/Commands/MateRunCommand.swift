import MateRunMate
import MateRunScenarios
import MateRunSocket
import MateRunDomain
import MateRunPresentation

/// `materun host` and `materun join`: pair with a running mate, then run side by side.
struct MateRunCommand {
    enum Side {
        case host(HostOptions)
        case join(JoinOptions)
    }

    let container: AppContainer
    let side: Side

    private var options: RunOptions {
        switch side {
        case .host(let host): host.run
        case .join(let join): join.run
        }
    }

    /// Pairs, runs, and returns the exit status (130 when stopped with Ctrl-C).
    func run() async -> Int32 {
        let scenario: Scenario
        do {
            scenario = try container.loadScenario(options.scenarioPath)
        } catch {
            return fail("\(error)")
        }
        let profile = container.profile(for: scenario, options: options)
        let screen = container.screen(options: options, profile: profile)
        defer { screen.restore() }
        let pairing: MatePairing
        // Held until the run is over: `MateHost` admits a resuming joiner only while it is alive
        // (its accept loop holds it weakly), so releasing it after pairing would leave a joiner
        // whose connection dropped unanswered until the mate is lost.
        var listeningHost: MateHost?
        do {
            switch side {
            case .host(let host):
                guard let goal = container.goalMetres(for: scenario, options: options) else {
                    return fail(
                        "host needs a goal: the scenario has none, so give --goal KM\n" + HelpText.usage(for: "host"),
                        status: ExitStatus.usage)
                }
                let terms = MateTerms(mode: host.mode, goalMetres: goal, speed: options.speed.factor)
                let hosted = try await hostPairing(host, profile: profile, terms: terms, screen: screen)
                pairing = hosted.pairing
                listeningHost = hosted.host
            case .join(let join):
                let endpoint = TCPEndpoint(host: join.host, port: UInt16(join.port))
                screen.announce(
                    PairingView.connectingFields(host: join.host, port: join.port),
                    text: PairingView.connectingText(address: endpoint.description))
                pairing = try await MateJoiner(endpoint: endpoint, code: join.code, name: profile.name).pair()
            }
        } catch is CancellationError {
            return ExitStatus.interrupted
        } catch {
            if Task.isCancelled { return ExitStatus.interrupted }
            return fail("\(error)")
        }
        screen.announce(PairingView.pairedFields(pairing), text: PairingView.pairedText(pairing))
        let flow = MateFlowCoordinator(
            profile: profile, pairing: pairing, screen: screen, wallClock: container.wallClock,
            makeRun: { goal, stopSignal, clock in
                container.runningUseCase(
                    scenario: scenario, profile: profile, goalMetres: goal, clock: clock, stopSignal: stopSignal)
            },
            runClock: { container.runClock(for: ReplaySpeed(factor: pairing.terms.speed)) })
        let summary = await flow.run()
        await listeningHost?.close()
        return summary.result == .cancelled ? ExitStatus.interrupted : ExitStatus.success
    }

    private func hostPairing(
        _ options: HostOptions, profile: RunnerProfile, terms: MateTerms, screen: any RunScreen
    ) async throws -> (pairing: MatePairing, host: MateHost) {
        let code = PairingCode.random()
        let host = try MateHost(
            bind: options.bindAddress, port: options.port, code: code, hostName: profile.name, terms: terms)
        screen.announce(
            PairingView.listeningFields(
                host: host.endpoint.host, port: Int(host.endpoint.port), code: code, terms: terms),
            text: PairingView.listeningText(address: host.endpoint.description, code: code, terms: terms))
        let errors = container.errors
        let notices = Task {
            for await notice in host.notices {
                errors.writeLine("materun: \(notice)")
                errors.flush()
            }
        }
        defer { notices.cancel() }
        let pairing = try await withTaskCancellationHandler {
            try await host.pair()
        } onCancel: {
            Task { await host.close() }
        }
        return (pairing, host)
    }

    private func fail(_ message: String, status: Int32 = ExitStatus.failure) -> Int32 {
        container.errors.writeLine("materun: \(message)")
        container.errors.flush()
        return status
    }
}

extension ReplaySpeed {
    /// The speed as the protocol carries it: nil for as fast as possible.
    var factor: Double? {
        switch self {
        case .max: nil
        case .times(let factor): factor
        }
    }

    init(factor: Double?) {
        self = factor.map { .times($0) } ?? .max
    }
}
