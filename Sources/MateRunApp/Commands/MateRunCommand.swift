import MateRunData
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
        let pairing: MatePairing
        // Held until the run is over: `MateHost` admits a resuming joiner only while it is alive
        // (its accept loop holds it weakly), so releasing it after pairing would leave a joiner
        // whose connection dropped unanswered until the mate is lost.
        var listeningHost: MateHost?
        do {
            switch side {
            case .host(let host):
                guard let goal = container.goalMetres(for: scenario, options: options) else {
                    return fail("host needs a goal: the scenario has none, so give --goal KM", status: ExitStatus.usage)
                }
                let terms = MateTerms(mode: host.mode, goalMetres: goal, speed: options.speed.factor)
                let hosted = try await hostPairing(host, profile: profile, terms: terms, screen: screen)
                pairing = hosted.pairing
                listeningHost = hosted.host
            case .join(let join):
                screen.announce(
                    [JSONField("type", .string("connecting")), JSONField("host", .string(join.host)),
                     JSONField("port", .integer(join.port))],
                    text: "Connecting to \(join.host):\(join.port)…")
                let endpoint = TCPEndpoint(host: join.host, port: UInt16(join.port))
                pairing = try await MateJoiner(endpoint: endpoint, code: join.code, name: profile.name).pair()
            }
        } catch is CancellationError {
            return ExitStatus.interrupted
        } catch {
            if Task.isCancelled { return ExitStatus.interrupted }
            return fail("\(error)")
        }
        announcePaired(pairing, screen: screen)
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
        let port = Int(host.endpoint.port)
        screen.announce(
            [JSONField("type", .string("listening")), JSONField("host", .string(host.endpoint.host)),
             JSONField("port", .integer(port)), JSONField("code", .string(code)),
             JSONField("mode", .string(terms.mode.rawValue)), JSONField("goal_m", .number(terms.goalMetres, decimals: 1))],
            text: """
            Waiting for a mate on \(host.endpoint) (\(terms.mode.rawValue), \(RunFormat.kilometres(metres: terms.goalMetres))). Pairing code: \(code)
              join with: materun join SCENARIO --connect \(host.endpoint) --code \(code)
            """)
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

    private func announcePaired(_ pairing: MatePairing, screen: any RunScreen) {
        let terms = pairing.terms
        screen.announce(
            [JSONField("type", .string("paired")), JSONField("role", .string(pairing.role.rawValue)),
             JSONField("mate", .string(pairing.mateName)), JSONField("mode", .string(terms.mode.rawValue)),
             JSONField("goal_m", .number(terms.goalMetres, decimals: 1)),
             JSONField("speed", terms.speed.map { .number($0, decimals: 2) } ?? .string("max")),
             JSONField("starts_in_s", .number(pairing.secondsUntilStart, decimals: 3))],
            text: "Paired with \(RunFormat.displayName(pairing.mateName, fallback: "mate")): "
                + "\(terms.mode.rawValue) to \(RunFormat.kilometres(metres: terms.goalMetres)), "
                + "speed \(ReplaySpeed(factor: terms.speed))")
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
