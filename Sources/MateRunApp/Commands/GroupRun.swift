import Foundation
import MateRunDomain
import MateRunGroup
import MateRunJSON
import MateRunNATS
import MateRunPresentation
import MateRunScenarios

/// The group run of `group create` and `group join`: run in a group on a NATS server. Both dial
/// out. The creator asks a group service (`materun serve`) to coordinate the group, and
/// otherwise coordinates it in its own process (`GroupCoordinator`) while it runs.
struct GroupRun {
    enum Side {
        case create
        case join
    }

    let container: AppContainer
    let options: GroupOptions
    let side: Side

    func run() async throws(CommandFailure) -> Int32 {
        let scenario = try CommandFailure.catching { try container.loadScenario(for: options.run) }
        var natsOptions = try options.login.clientOptions(via: options.via, environment: container.environment)
        let url = natsOptions.url
        let profile = container.profile(for: scenario, options: options.run)
        let screen = try container.screen(options: options.run, profile: profile, controls: nil, allowsStop: false, kind: "group",
            course: container.course(of: scenario, options: options.run))
        defer { screen.restore() }
        natsOptions.name = "materun group \(side == .create ? "create" : "join")"
        let client: NATSClient
        do {
            client = try await NATSClient.connect(natsOptions)
        } catch {
            throw CommandFailure("cannot use \(url): \(error)")
        }
        let notices = NATSConnectionNotices.follow(client, writing: screen.messageWriter)
        defer { notices.cancel() }
        let outcome: Result<Int32, CommandFailure>
        do {
            outcome = .success(try await runConnected(client: client, url: url, scenario: scenario, profile: profile, screen: screen))
        } catch {
            outcome = .failure(error)
        }
        await client.close()
        return try outcome.get()
    }

    private func runConnected(
        client: NATSClient, url: NATSURL, scenario: Scenario, profile: RunnerProfile, screen: any RunScreen
    ) async throws(CommandFailure) -> Int32 {
        var coordinating: Task<GroupBoard?, Never>?
        var coordinatorDropped: GroupDropCount?
        var created: GroupCoordinator?
        let code: GroupCodes
        switch side {
        case .create:
            guard let goal = container.goalMetres(for: scenario, options: options.run) else {
                throw CommandFailure(
                    "group create needs a goal: the scenario has none, so give --goal KM", status: ExitStatus.usage,
                    usage: HelpText.usage(for: "group create"))
            }
            let terms = GroupTerms(
                mode: options.mode, goalMetres: goal, speed: options.run.speed.factor, startWhen: options.startWhen,
                maxRunners: options.maxRunners)
            if let served = try await askService(client: client, url: url, terms: terms) {
                code = served.codes
                screen.announce(
                    GroupAnnouncements.listeningFields(via: url, code: code.join ?? "", watchCode: code.watch, terms: terms),
                    text: GroupAnnouncements.listeningText(via: url, code: code.join ?? "", watchCode: code.watch, terms: terms))
                EnterKeyWatch.start { served.start(on: client) }
                break
            }
            let wall = container.wallClock
            let coordinator: GroupCoordinator
            let session: GroupCoordinator.GroupSession
            do {
                coordinator = try GroupCoordinator(client: client, terms: terms, now: { wall.now() })
                session = try await coordinator.open()
            } catch {
                throw CommandFailure("cannot open the group on \(url): \(error)")
            }
            code = coordinator.codes
            coordinatorDropped = coordinator.dropped
            created = coordinator
            screen.announce(
                GroupAnnouncements.listeningFields(via: url, code: code.join ?? "", watchCode: code.watch, terms: terms),
                text: GroupAnnouncements.listeningText(via: url, code: code.join ?? "", watchCode: code.watch, terms: terms))
            coordinating = Task { await coordinator.run(session) }
            EnterKeyWatch.start { coordinator.startNow() }
        case .join:
            guard let joinCode = GroupCodes(parsing: options.code) else { throw CommandFailure("not a join code: \(options.code)") }
            code = joinCode
        }
        let membership: GroupMembership
        do {
            membership = try await GroupMembership.join(client: client, code: code, name: profile.name)
        } catch NATSError.noResponders {
            coordinating?.cancel()
            throw CommandFailure("no group with code \(code.watch) on \(url)")
        } catch {
            coordinating?.cancel()
            throw CommandFailure("\(error)")
        }
        if side == .join {
            screen.announce(
                GroupAnnouncements.joinedFields(via: url, code: code.join ?? "", watchCode: code.watch, terms: membership.terms),
                text: GroupAnnouncements.joinedText(terms: membership.terms))
        }
        let keeper = container.keeper(
            options: options.run, scenario: scenario, durability: .live, profile: profile,
            goalMetres: membership.terms.ownGoalMetres,
            screen: screen, pairing: RecordedPairing(mode: membership.terms.mode, mateName: "group \(code.watch)"))
        let engine = RunEngine(profile: profile, screen: screen, wallClock: container.wallClock, keeper: keeper) { goal, stopSignal in
            container.runningUseCase(
                scenario: scenario, profile: profile, goalMetres: goal,
                clock: container.runClock(for: ReplaySpeed(factor: membership.terms.speed)), stopSignal: stopSignal)
        }
        let dropped = [membership.dropped, coordinatorDropped].compactMap { $0 }
        let outcome = await engine.run(GroupCompanion(
            profile: profile, link: membership, now: container.wallClock.now(),
            droppedMessages: { dropped.reduce(0) { $0 + $1.value } }))
        if let created { await keepResult(of: created, client: client, url: url, screen: screen) }
        coordinating?.cancel()
        if outcome.groupFailed { return ExitStatus.failure }
        return outcome.summary.wasCancelled || Task.isCancelled ? ExitStatus.interrupted : ExitStatus.success
    }

    /// The group a service coordinates for these terms, or nil when this process coordinates it
    /// (`--coordinator here`, or no service answered within 1 s and none was insisted on).
    private func askService(client: NATSClient, url: NATSURL, terms: GroupTerms) async throws(CommandFailure) -> GroupServiceRequest? {
        guard options.coordinator != .here else { return nil }
        do {
            let served = try await GroupServiceRequest.ask(client: client, terms: terms)
            container.report("a group service on \(url) coordinates this group: it goes on if you leave")
            return served
        } catch .noService where options.coordinator == .either {
            container.report("no group service answered on \(url) within 1 s: this process coordinates the group (keep it running)")
            return nil
        } catch .refused(let reason) where options.coordinator == .either {
            container.report("the group service said no (\(reason)): this process coordinates the group (keep it running)")
            return nil
        } catch {
            throw CommandFailure("cannot create the group on \(url): \(error)")
        }
    }

    /// Keeps the group's result on the server (JetStream), so that `group results` and `watch`
    /// find it after this process is gone; says where, or why not.
    private func keepResult(of coordinator: GroupCoordinator, client: NATSClient, url: NATSURL, screen: any RunScreen) async {
        guard let signed = coordinator.signedResult else { return }
        let watch = coordinator.codes.watch
        let days = GroupResultStore.defaultDays
        do {
            try await GroupResultStore.keep(signed, watch: watch, client: client, days: days)
            screen.messageWriter("materun: the result is kept on \(url) for \(days) days: materun group results \(watch) --via \(url)")
        } catch {
            screen.messageWriter("materun: the result is not kept on \(url) (\(error)); group results will not find it")
        }
    }
}

/// Calls `action` each time a line (Enter) is read from standard input, on a thread of its own
/// (a blocking read never runs on the concurrency pool). Ends at the end of input.
enum EnterKeyWatch {
    static func start(_ action: @escaping @Sendable () -> Void) {
        let thread = Thread {
            while readLine(strippingNewline: true) != nil {
                action()
            }
        }
        thread.name = "materun.enter"
        thread.start()
    }
}
