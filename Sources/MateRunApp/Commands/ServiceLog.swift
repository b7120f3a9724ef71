import Foundation
import MateRunCrypto
import MateRunGroup
import MateRunJSON

/// The group service's log on standard error, an event a line, as a service manager's journal
/// expects: by default text (the UTC time, the instance's name, the event's sentence); with
/// `--log-format json`, one JSON object a line (`ServiceLogLine`).
struct ServiceLog: Sendable {
    /// How each line is written.
    enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    let name: String
    let format: Format
    let errors: OutputSink

    init(name: String, format: Format = .text, errors: OutputSink) {
        self.name = name
        self.format = format
        self.errors = errors
    }

    func write(_ entry: GroupServiceLogEntry) {
        let time = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        errors.writeLine(ServiceLogLine.line(entry, time: time, instance: name, format: format))
        errors.flush()
    }

    /// An event of the command itself (not of the groups), at `info` unless said.
    func write(_ event: String, level: GroupServiceLogEntry.Level = .info, fields: [String: String] = [:], _ text: String) {
        write(GroupServiceLogEntry(level, event, fields: fields, text))
    }
}

/// One line of the service's log, from an entry and its time: pure, so the JSON's shape is pinned
/// by tests.
enum ServiceLogLine {
    static func line(_ entry: GroupServiceLogEntry, time: String, instance: String, format: ServiceLog.Format) -> String {
        switch format {
        case .text:
            return "\(time) materun serve \(instance): \(entry.text)"
        case .json:
            let fields = entry.fields.keys.sorted().map { ($0, JSON.string(entry.fields[$0] ?? "")) }
            return JSON.object([
                ("time", .string(time)), ("level", .string(entry.level.rawValue)), ("instance", .string(instance)),
                ("event", .string(entry.event)), ("group", entry.group.map(JSON.string) ?? .null), ("fields", .object(fields)),
                ("message", .string(entry.text)),
            ]).jsonText
        }
    }
}

/// The secret every instance of the group service shares: each group's key is derived from it,
/// so an instance with another secret cannot sign for a group. It is read from a file (never the
/// command line, which `ps` shows); the default file is made on first use.
enum ServiceSecret {
    /// The secret of `file`, else of `DATA_DIR/service-secret`, made when missing.
    static func read(file: String?, dataDirectory: String?, report: (String) -> Void) throws(CommandFailure) -> [UInt8] {
        if let file { return try contents(of: file) }
        guard let dataDirectory else {
            throw CommandFailure("serve needs --secret-file FILE (no data directory: set HOME or give --data-dir)")
        }
        let path = dataDirectory + "/service-secret"
        if !FileManager.default.fileExists(atPath: path) {
            try make(path, in: dataDirectory)
            report("made a new service secret in \(path): give every instance of the service a copy (--secret-file)")
        }
        return try contents(of: path)
    }

    private static func contents(of path: String) throws(CommandFailure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read the secret file \(path)") }
        let secret = Array(data).filter { $0 != 0x0A && $0 != 0x0D }
        guard secret.count >= GroupServiceKey.minimumSecretBytes else {
            throw CommandFailure(
                "the secret file \(path) holds \(secret.count) bytes; a service secret needs \(GroupServiceKey.minimumSecretBytes) at least")
        }
        return secret
    }

    /// 32 random bytes as 64 hexadecimal digits, readable only by the user.
    private static func make(_ path: String, in directory: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let bytes = try SecureRandom.bytes(count: 32)
            let text = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() + "\n"
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw CommandFailure("cannot write a new service secret to \(path)")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot make a service secret in \(path): \(error)")
        }
    }
}
