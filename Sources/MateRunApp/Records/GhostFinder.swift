import Foundation
import MateRunDomain
import MateRunPresentation
import MateRunRecords
import MateRunScenarios

/// Finds the earlier run `--ghost` names: a kept run (its id or a unique start of it, `latest`,
/// or `best`: the fastest kept run over the goal's distance), or a GPX, TCX or FIT file, which is
/// run through the tracker as a replay at full speed would run it (not kept).
struct GhostFinder {
    /// A ghost found, and which run it is in words for the live page's header (`GhostTitle`).
    struct Found {
        let run: GhostRun
        let title: String
    }

    let container: AppContainer

    /// The ghost `reference` names, for a run with `goalMetres`; a clear error when there is none.
    func ghost(_ reference: String, options: RunOptions, goalMetres: Double?) async throws(CommandFailure) -> Found {
        if reference != "latest", reference != "best", FileManager.default.fileExists(atPath: reference) {
            return try await fileGhost(reference)
        }
        guard let store = container.recordStore(dataDirectory: options.dataDirectory) else {
            throw CommandFailure("--ghost \(reference): no data directory to find kept runs in (set --data-dir, MATERUN_DATA_DIR or HOME)")
        }
        let runs = store.list().runs
        if reference == "best" { return try best(in: runs, store: store, goalMetres: goalMetres) }
        guard let found = RunRecordLookup.find(reference, in: runs, matchingScenarios: false) else {
            throw CommandFailure("--ghost \(reference): no kept run matches it, and no such file (materun history lists the runs)")
        }
        return Found(run: try keptGhost(found, store: store, source: "run \(found.id)"), title: GhostTitle.keptRun(found))
    }

    /// The kept run with the shortest moving time over the goal's distance, among those that went
    /// that far.
    private func best(
        in runs: [RunRecordSummary], store: any RunRecordStore, goalMetres: Double?
    ) throws(CommandFailure) -> Found {
        guard let goalMetres else {
            throw CommandFailure("--ghost best races your fastest kept run over the goal's distance: give --goal KM")
        }
        var fastest: (ghost: GhostRun, run: RunRecordSummary, seconds: Double)?
        for run in runs where run.outcome.figures.distanceMetres >= goalMetres {
            let label = "run \(run.id) (best over \(RunFormat.kilometres(metres: goalMetres)))"
            guard let ghost = try? keptGhost(run, store: store, source: label),
                  let seconds = ghost.movingSeconds(atDistance: goalMetres),
                  seconds < fastest?.seconds ?? .infinity
            else { continue }
            fastest = (ghost, run, seconds)
        }
        guard let fastest else {
            throw CommandFailure("--ghost best: no kept run went \(RunFormat.kilometres(metres: goalMetres)) (materun history lists the runs)")
        }
        return Found(run: fastest.ghost, title: GhostTitle.keptRun(fastest.run))
    }

    private func keptGhost(_ run: RunRecordSummary, store: any RunRecordStore, source: String) throws(CommandFailure) -> GhostRun {
        let record = try CommandFailure.catching { try store.load(run.id) }
        let points = record.fixes.map { GhostRun.Point(movingSeconds: $0.movingSeconds, distanceMetres: $0.distanceMetres) }
        guard let ghost = GhostRun(source: source, points: points) else {
            throw CommandFailure("--ghost: the kept run \(run.id) went nowhere")
        }
        return ghost
    }

    /// A file run through the tracker at full speed: its distance at each second of moving time.
    private func fileGhost(_ path: String) async throws(CommandFailure) -> Found {
        let scenario = try CommandFailure.catching { try container.loadScenario(path) }
        let profile = RunnerProfile(name: "ghost", weightKilograms: AppContainer.defaultWeightKilograms)
        let run = container.runningUseCase(scenario: scenario, profile: profile, goalMetres: nil, clock: UnpacedRunClock())
        var points: [GhostRun.Point] = []
        await run.events().forEach { event in
            let snapshot: RunSnapshot
            switch event {
            case .progress(let shown): snapshot = shown
            case .finished(let summary): snapshot = summary.snapshot
            default: return
            }
            points.append(GhostRun.Point(movingSeconds: snapshot.movingSeconds, distanceMetres: snapshot.distanceMetres))
        }
        let name = (path as NSString).lastPathComponent
        guard let ghost = GhostRun(source: "file \(name)", points: points) else {
            throw CommandFailure("--ghost \(path): the file's track goes nowhere")
        }
        return Found(run: ghost, title: GhostTitle.file(name, ghost: ghost))
    }
}


extension Optional {
    /// The wrapped value through an async throwing `transform`, or nil.
    func asyncMap<Mapped, Failure: Error>(
        _ transform: (Wrapped) async throws(Failure) -> Mapped
    ) async throws(Failure) -> Mapped? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
