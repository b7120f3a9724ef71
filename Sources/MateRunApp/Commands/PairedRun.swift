import MateRunGroup
import MateRunMate
import MateRunNATS
import MateRunRelay
import MateRunScenarios
import MateRunSocket
import MateRunDomain
import MateRunPresentation

/// The paired run of `host` and `join`: pair with a running mate, then run side by side.
struct PairedRun {
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
    func run() async throws(CommandFailure) -> Int32 {
        let scenario = try CommandFailure.catching { try container.loadScenario(for: options) }
        let nmea = try CommandFailure.catching { try container.nmeaFeed(options: options) }
        defer { nmea?.close() }
        let profile = container.profile(for: scenario, options: options)
        let controls = RunnerControls()
        let screen = try container.screen(options: options, profile: profile, controls: controls, allowsStop: false, kind: "mate",
            course: container.course(of: scenario, options: options))
        defer { screen.restore() }
        switch side {
        case .host(let host) where host.via != nil:
            return try await runAsHostThroughNATS(host, scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea)
        case .host(let host):
            return try await runAsHost(host, scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea)
        case .join(let join) where join.via != nil:
            return try await joinThroughNATS(join, scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea)
        case .join(let join):
            let endpoint = TCPEndpoint(host: join.host, port: UInt16(join.port))
            screen.announce(
                PairingView.connectingFields(host: join.host, port: join.port),
                text: PairingView.connectingText(address: endpoint.description))
            return try await pairAndRun(scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea) {
                try await MateJoiner(endpoint: endpoint, code: join.code, name: profile.name, sport: scenario.sport).pair()
            }
        }
    }

    /// Listens, and serves for the whole paired run: `MateHost.run()` runs beside it in the
    /// same task group, so a joiner whose connection drops can resume until the run is over.
    private func runAsHost(
        _ options: HostOptions, scenario: Scenario, profile: RunnerProfile, screen: any RunScreen,
        controls: RunnerControls, nmea: NMEAFeed?
    ) async throws(CommandFailure) -> Int32 {
        let terms = try hostTerms(options, scenario: scenario)
        let code = PairingCode.random()
        let host = try CommandFailure.catching {
            try MateHost(
                bind: options.bindAddress, port: options.port, code: code, hostName: profile.name, hostSport: scenario.sport,
                terms: terms)
        }
        screen.announce(
            PairingView.listeningFields(host: host.endpoint.host, port: Int(host.endpoint.port), code: code, terms: terms),
            text: PairingView.listeningText(address: host.endpoint.description, code: code, terms: terms))
        return try await serve(
            host, waitLimit: options.waitForMateSeconds, scenario: scenario, profile: profile, screen: screen, controls: controls, nmea: nmea
        ).get()
    }

    /// The terms a host offers: its mode, the goal (the scenario's or `--goal`: a pair needs one)
    /// and the speed.
    func hostTerms(_ options: HostOptions, scenario: Scenario) throws(CommandFailure) -> MateTerms {
        guard let goal = container.goalMetres(for: scenario, options: options.run) else {
            throw CommandFailure(
                "host needs a goal: the scenario has none, so give --goal KM", status: ExitStatus.usage, usage: HelpText.usage(for: "host"))
        }
        return MateTerms(mode: options.mode, goalMetres: goal, speed: options.run.speed.factor)
    }

    /// Serves `host` for the whole paired run, whatever its connections come from: `host.run()`
    /// runs beside the pair's flow in one task group, with `carrier` (what brings a tunnel's
    /// connections, if any), so that a joiner whose connection drops can resume until the run
    /// is over; `closing` runs once the host is closed (a tunnel sends its last bytes).
    func serve<Source: ConnectionSource>(
        _ host: MateHost<Source>, waitLimit: Double, carrier: (@Sendable () async -> Void)? = nil, closing: () async -> Void = {},
        scenario: Scenario, profile: RunnerProfile, screen: any RunScreen, controls: RunnerControls, nmea: NMEAFeed?
    ) async -> Result<Int32, CommandFailure> {
        let writeMessage = screen.messageWriter
        return await withTaskGroup(of: Void.self) { group -> Result<Int32, CommandFailure> in
            group.addTask { await host.run() }
            if let carrier { group.addTask { await carrier() } }
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
                    try await waitingForMate(limit: waitLimit, screen: screen) { try await host.pairing() }
                })
            } catch let failure as CommandFailure {
                outcome = .failure(failure)
            } catch {
                outcome = .failure(CommandFailure("\(error)"))
            }
            await host.close()
            await closing()
            group.cancelAll()
            return outcome
        }
    }

    /// Waits for `pairing`, saying every 10 s that the host still waits (`MateWait`), and stops
    /// waiting with the reason once `limit` seconds have passed without a mate.
    private func waitingForMate(
        limit: Double, screen: any RunScreen, _ pairing: @escaping @Sendable () async throws -> MatePairing
    ) async throws -> MatePairing {
        enum Next: Sendable {
            case paired(MatePairing)
            case due(MateWait.Step, at: Double)
        }
        let clock = container.wallClock
        let start = clock.now()
        let rules = MateWait(limit: limit)
        return try await withThrowingTaskGroup(of: Next.self) { group in
            group.addTask { .paired(try await pairing()) }
            var due = rules.next(after: 0)
            group.addTask { [due] in
                try await clock.sleep(until: start + due.at)
                return .due(due.step, at: due.at)
            }
            while let next = try await group.next() {
                switch next {
                case .paired(let paired):
                    group.cancelAll()
                    return paired
                case .due(.stillWaiting(let seconds), let at):
                    screen.announce(
                        PairingView.stillWaitingFields(seconds: seconds, limit: limit),
                        text: PairingView.stillWaitingText(seconds: seconds, limit: limit))
                    due = rules.next(after: at)
                    group.addTask { [due] in
                        try await clock.sleep(until: start + due.at)
                        return .due(due.step, at: due.at)
                    }
                case .due(.giveUp(let seconds), _):
                    group.cancelAll()
                    throw NoMateCame(seconds: seconds)
                }
            }
            throw CancellationError()
        }
    }

    /// Waits for the pairing, then runs the pair's flow to its result.
    func pairAndRun(
        scenario: Scenario, profile: RunnerProfile, screen: any RunScreen, controls: RunnerControls, nmea: NMEAFeed?,
        pair: () async throws -> MatePairing
    ) async throws(CommandFailure) -> Int32 {
        let pairing: MatePairing
        do {
            pairing = try await pair()
        } catch is CancellationError {
            return ExitStatus.interrupted
        } catch {
            if Task.isCancelled { return ExitStatus.interrupted }
            throw CommandFailure("\(error)")
        }
        screen.announce(PairingView.pairedFields(pairing), text: PairingView.pairedText(pairing))
        let keeper = container.keeper(
            options: options, scenario: scenario, durability: .live, profile: profile,
            goalMetres: pairing.terms.ownGoalMetres, screen: screen,
            pairing: RecordedPairing(mode: pairing.terms.mode, mateName: pairing.mateName))
        let engine = RunEngine(profile: profile, screen: screen, wallClock: container.wallClock, keeper: keeper) { goal, stopSignal in
            container.runningUseCase(
                scenario: scenario, profile: profile, goalMetres: goal,
                clock: container.runClock(for: ReplaySpeed(factor: pairing.terms.speed)), stopSignal: stopSignal,
                controls: controls, nmea: nmea)
        }
        let summary = await engine.run(MateCompanion(profile: profile, pairing: pairing))
        return summary.result == .cancelled ? ExitStatus.interrupted : ExitStatus.success
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

/// A host that gave up waiting: nobody paired within `--wait-for-mate`.
struct NoMateCame: Error, CustomStringConvertible {
    let seconds: Double

    var description: String {
        "no mate paired within \(RunFormat.clockTime(seconds: seconds)); stopped waiting (--wait-for-mate SECONDS waits longer)"
    }
}
