import Foundation
@testable import MateRunApp
import Testing

/// The generated completion scripts, loaded into real bash, zsh and fish: what each offers
/// after a partial word, an option that takes choices, and a command that takes a run's id.
@Suite("shell completions in real shells")
struct ShellCompletionTests {
    /// A kept run, for the id a completion must offer: replayed in-process into `data`.
    private static func keptRunID(in data: TemporaryDataDirectory) async throws -> String {
        let run = await runMateRun(["replay", "Scenarios/easy-5k.json", "--speed", "max", "--json", "--no-countdown"], data: data)
        try #require(run.status == 0, "the replay failed: \(run.errors.text)")
        let ids = await runMateRun(["history", "--ids"], data: data).output.text.split(separator: "\n").map(String.init)
        return try #require(ids.first)
    }

    /// A directory with the script and a `materun` on `PATH` (for the ids' call back), removed after.
    private final class ShellFiles: Sendable {
        let directory = NSTemporaryDirectory() + "materun-completion-\(UUID().uuidString)"

        init(script: String, name: String) throws {
            try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
            try script.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            if let materun = materunExecutable {
                try FileManager.default.createSymbolicLink(atPath: directory + "/bin/materun", withDestinationPath: materun)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func environment(_ data: TemporaryDataDirectory) -> [String: String] {
            data.environment.merging(["PATH": directory + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]) { $1 }
        }
    }

    // MARK: bash

    /// What bash's `_materun` puts in COMPREPLY for `line` (the last word is the one being typed).
    private func bash(_ line: [String], files: ShellFiles, data: TemporaryDataDirectory) async throws -> [String] {
        let words = line.map { "'" + $0 + "'" }.joined(separator: " ")
        let script = """
        source \(files.directory)/materun.bash
        COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1)
        _materun
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let run = try await ExternalTool.run("bash", ["--norc", "--noprofile", "-c", script], environment: files.environment(data))
        #expect(run.status == 0, "bash: \(run.errors)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: ExternalTool.runnable("bash"), ExternalTool.skipReason("bash", package: "bash")))
    func bashCompletesCommandsOptionChoicesAndRunIDs() async throws {
        // Given the bash script, and one kept run
        let files = try ShellFiles(script: BashCompletionScript.text(), name: "materun.bash")
        let data = TemporaryDataDirectory()
        let id = try await Self.keptRunID(in: data)
        // When a command, a group verb, an option's value and a run's id are completed
        #expect(try await bash(["materun", "gr"], files: files, data: data) == ["group"])
        #expect(try await bash(["materun", "group", "cr"], files: files, data: data) == ["create"])
        #expect(try await bash(["materun", "group", "create", "--mode", ""], files: files, data: data) == ["race", "team"])
        #expect(try await bash(["materun", "completions", "z"], files: files, data: data) == ["zsh"])
        #expect(try await bash(["materun", "history", "--i"], files: files, data: data) == ["--ids"])
        // Then the kept run's id comes from materun itself, with latest
        #expect(try await bash(["materun", "show", ""], files: files, data: data) == [id, "latest"])
    }

    // MARK: zsh

    /// What zsh's `_materun` offers for `line`, read through a real completion widget in an
    /// interactive zsh under `zpty`: `compadd` is wrapped to print what it is given after zsh's
    /// own matching against the typed prefix (`compadd -O`).
    private func zsh(_ line: [String], files: ShellFiles, data: TemporaryDataDirectory) async throws -> [String] {
        let typed = line.joined(separator: " ")
        let script = """
        zmodload zsh/zpty
        zpty -b shell 'PS1="" zsh -f -i'
        zpty -w shell 'autoload -Uz compinit && compinit -u -D'
        zpty -w shell 'source \(files.directory)/_materun'
        zpty -w shell 'compadd() { local -a found; builtin compadd -O found "$@"; print -rl -- "<<$found>>" >> \(files.directory)/zsh-offered; builtin compadd "$@" }'
        zpty -w shell 'zstyle ":completion:*" completer _complete'
        zpty -n -w shell '\(typed)'$'\\t'
        for i in {1..150}; do [[ -s \(files.directory)/zsh-offered ]] && break; sleep 0.1; done
        zpty -d shell
        cat \(files.directory)/zsh-offered 2>/dev/null
        """
        try? FileManager.default.removeItem(atPath: files.directory + "/zsh-offered")
        let run = try await ExternalTool.run("zsh", ["-f", "-c", script], environment: files.environment(data))
        let offered = run.output.split(separator: "\n").filter { $0.hasPrefix("<<") && $0.hasSuffix(">>") }
            .flatMap { $0.dropFirst(2).dropLast(2).split(separator: " ").map(String.init) }
        return offered
    }

    @Test(.enabled(if: ExternalTool.runnable("zsh"), ExternalTool.skipReason("zsh", package: "zsh")))
    func zshCompletesCommandsOptionChoicesAndRunIDs() async throws {
        // Given the zsh script, and one kept run
        let files = try ShellFiles(script: ZshCompletionScript.text(), name: "_materun")
        let data = TemporaryDataDirectory()
        let id = try await Self.keptRunID(in: data)
        // When completed in a real zsh, Then it offers what the declarations say
        #expect(try await zsh(["materun", "gr"], files: files, data: data) == ["group"])
        #expect(try await zsh(["materun", "group", "create", "--mode", ""], files: files, data: data) == ["race", "team"])
        #expect(try await zsh(["materun", "show", ""], files: files, data: data) == [id, "latest"])
    }

    // MARK: fish

    /// What fish's own `complete -C` offers for `line`, without descriptions.
    private func fish(_ line: String, files: ShellFiles, data: TemporaryDataDirectory) async throws -> [String] {
        let script = "source \(files.directory)/materun.fish; complete -C '\(line)'"
        let run = try await ExternalTool.run("fish", ["--no-config", "-c", script], environment: files.environment(data))
        #expect(run.status == 0, "fish: \(run.errors)")
        return run.output.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
    }

    @Test(.enabled(if: ExternalTool.runnable("fish"), ExternalTool.skipReason("fish", package: "fish")))
    func fishCompletesCommandsOptionChoicesAndRunIDs() async throws {
        // Given the fish script, and one kept run
        let files = try ShellFiles(script: FishCompletionScript.text(), name: "materun.fish")
        let data = TemporaryDataDirectory()
        let id = try await Self.keptRunID(in: data)
        // When fish completes, Then it offers what the declarations say
        #expect(try await fish("materun gr", files: files, data: data) == ["group"])
        #expect(try await fish("materun group create --mode ", files: files, data: data) == ["race", "team"])
        #expect(try await fish("materun group create --max-r", files: files, data: data) == ["--max-runners"])
        #expect(try await fish("materun show ", files: files, data: data).sorted() == [id, "latest"].sorted())
    }
}
