/// How each parsed command runs, in one place, so that `MateRunCLI` dispatches every command the
/// same way: seal what a dead process left when the command writes to the history, then run it.
extension Command {
    /// Whether the command writes to the history: only those seal the runs a dead process left;
    /// the others read the history as it is and write nothing.
    var writesHistory: Bool {
        switch self {
        case .replay, .track, .host, .join, .delete, .groupCreate, .groupJoin: true
        case .help, .version, .validate, .scenarios, .history, .show, .export, .watch: false
        }
    }

    /// Whether Ctrl-C, SIGTERM and SIGHUP cancel the command (a run, or a watch) rather than
    /// end the process outright.
    var isInterruptible: Bool {
        switch self {
        case .replay, .track, .host, .join, .groupCreate, .groupJoin, .watch: true
        case .help, .version, .validate, .scenarios, .history, .show, .export, .delete: false
        }
    }

    /// Runs the command with the app `container` builds; returns its exit status.
    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let records = RecordCommands(container: container)
        switch self {
        case .help(let topic):
            container.output.writeLine(HelpText.text(for: topic))
            container.output.flush()
            return ExitStatus.success
        case .version:
            container.output.writeLine(HelpText.version)
            container.output.flush()
            return ExitStatus.success
        case .validate(let path, _): return try ScenarioCommands(container: container).validate(path: path)
        case .scenarios(let directory, _): return try ScenarioCommands(container: container).list(directory: directory)
        case .history(let options): return try records.history(options)
        case .show(let options): return try records.show(options)
        case .export(let options): return try records.export(options)
        case .delete(let id, let dataDirectory): return try records.delete(id: id, dataDirectory: dataDirectory)
        case .replay(let options): return try await ReplayCommand(container: container, options: options).run()
        case .track(let options): return try await TrackCommand(container: container, options: options).run()
        case .host(let options): return try await PairedRunCommand(container: container, side: .host(options)).run()
        case .join(let options): return try await PairedRunCommand(container: container, side: .join(options)).run()
        case .groupCreate(let options): return try await GroupRunCommand(container: container, options: options, side: .create).run()
        case .groupJoin(let options): return try await GroupRunCommand(container: container, options: options, side: .join).run()
        case .watch(let options): return try await WatchCommand(container: container, options: options).run()
        }
    }
}
