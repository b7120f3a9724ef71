import Foundation
import MateRunJSON
import MateRunSocket

/// `materun control ADDR:PORT COMMAND [VALUE]`: sends one command to a replay's `--control`
/// server and prints its answer line, so that a shell script can steer a replay.
struct ControlCommand: DeclaredCommand {
    static let spec = CommandSpec(
        name: "control", positional: "ADDR:PORT COMMAND [VALUE]", summary: "send one steering command to a replay's --control",
        details: """
        COMMAND is speed (VALUE a speed from 1 to 10000, faster or slower), pause, resume,
        signal_lost, signal_found, jump_m (VALUE metres, 300 when left out) or stop. The line sent
        is PROTOCOL.md's (section 13): {"command":"speed","value":8}. The replay's answer is printed;
        the exit status is 0 when it says ok, 1 when it refused the command or cannot be reached.
        """,
        options: [], refusals: [:], notes: nil, takesMoreWords: true)

    static let timeout = Duration.seconds(10)

    let endpoint: TCPEndpoint
    let line: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let text = arguments.positional ?? ""
        guard let endpoint = TCPEndpoint(parsing: text) ?? UInt16(text).map({ TCPEndpoint(host: "127.0.0.1", port: $0) }) else {
            throw UsageError("control expects ADDR:PORT or PORT first (e.g. 127.0.0.1:7070), not '\(text)'", command: "control")
        }
        let words = arguments.moreWords
        guard let command = words.first else { throw UsageError("control needs a COMMAND after \(text)", command: "control") }
        guard words.count <= 2 else { throw UsageError("control takes a COMMAND and at most one VALUE, got also '\(words[2])'", command: "control") }
        self.endpoint = endpoint
        var members: [(String, JSON)] = [("command", .string(command))]
        if words.count == 2 {
            let value = words[1]
            members.append(("value", Double(value).flatMap { $0.isFinite ? JSON.number(shortest: $0) : nil } ?? .string(value)))
        }
        line = JSONText.text(.object(members))
    }

    func run(in container: AppContainer) async throws(CommandFailure) -> Int32 {
        let answer: String
        do {
            let connection = try await TCPConnection.connect(
                to: endpoint, timeout: Self.timeout, options: TCPConnectionOptions(idleTimeout: Self.timeout, maxFrameBytes: 4096))
            defer { connection.close() }
            try await connection.send(Array((line + "\n").utf8))
            var frames = connection.frames.makeAsyncIterator()
            guard let frame = try await frames.next() else { throw CommandFailure("the replay at \(endpoint) closed without answering") }
            answer = String(decoding: frame, as: UTF8.self)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot reach a replay's control at \(endpoint): \(error)")
        }
        container.output.writeLine(answer)
        container.output.flush()
        let ok = (try? JSONParser.parse(Array(answer.utf8)).objectValue?["ok"]) == .bool(true)
        return ok ? ExitStatus.success : ExitStatus.failure
    }
}
