import MateRunDomain
import MateRunJSON

/// One client of materun's gpsd-compatible server, as gpsd's protocol sees it: the commands it
/// sends (`?WATCH`, `?POLL`, `?VERSION`, `?DEVICES`, several a line separated by `;`) and what it
/// is sent for each, and what it is sent each epoch. A value in, lines out: no socket, no clock.
///
/// Exists apart from the server so that the protocol's rules are tested line by line. A command
/// that is not gpsd's, or a `?WATCH=` whose object does not parse, is answered with gpsd's
/// `ERROR` object and counted; a line with more than `maxCommandsPerLine` commands has the rest
/// dropped and counted, so that a hostile client costs bounded work.
package struct GPSDServerSession: Sendable {
    package static let maxCommandsPerLine = 8

    package private(set) var watch = GPSDWatch()
    /// Commands that were not gpsd's, or not well formed.
    package private(set) var refused = 0
    private let device: GPSDReports.Device

    package init(device: GPSDReports.Device) {
        self.device = device
    }

    /// What a client is sent on connecting.
    package var greeting: String { GPSDReports.version() }

    /// The answers to one line the client sent, `latest` being the newest fix (for `?POLL`).
    package mutating func take(line: [UInt8], latest: ReceiverFixReport?) -> String {
        let text = String(decoding: line, as: UTF8.self)
        var out = ""
        let commands = text.split(separator: ";", omittingEmptySubsequences: true)
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        for (index, command) in commands.enumerated() {
            guard index < Self.maxCommandsPerLine else {
                refused += commands.count - index
                break
            }
            out += answer(command, latest: latest)
        }
        return out
    }

    /// What this client is sent for an epoch: its TPV and SKY when watching JSON, its NMEA
    /// sentences when watching NMEA, nothing otherwise.
    package func epoch(_ report: ReceiverFixReport) -> String {
        guard watch.enabled else { return "" }
        if watch.nmea { return report.nmea }
        guard watch.json else { return "" }
        return GPSDReports.tpv(report.fix, device: device) + GPSDReports.sky(report.fix, device: device)
    }

    private mutating func answer(_ command: Substring, latest: ReceiverFixReport?) -> String {
        switch command {
        case "?VERSION": return GPSDReports.version()
        case "?DEVICES": return GPSDReports.devices(device)
        case "?POLL": return GPSDReports.poll(latest?.fix, device: device)
        case "?WATCH": return GPSDReports.devices(device) + GPSDReports.watch(watch)
        default: break
        }
        guard command.hasPrefix("?WATCH=") else {
            refused += 1
            return GPSDReports.error("Unrecognized request '\(command.prefix(40))'")
        }
        guard let object = try? JSONParser.parse(Array(command.dropFirst(7).utf8)).objectValue else {
            refused += 1
            return GPSDReports.error("Invalid WATCH: \(command.dropFirst(7).prefix(40))")
        }
        func flag(_ key: String) -> Bool? {
            if case .bool(let value)? = object[key] { return value }
            return nil
        }
        // A watch request changes only what it names; `enable` alone means JSON, as gpsd does.
        watch.enabled = flag("enable") ?? true
        if let json = flag("json") { watch.json = json }
        if let nmea = flag("nmea") { watch.nmea = nmea }
        if watch.enabled, !watch.json, !watch.nmea { watch.json = true }
        return GPSDReports.devices(device) + GPSDReports.watch(watch)
    }
}

/// One epoch as the server sends it: the fix (for JSON clients) and its NMEA sentences (for
/// clients watching NMEA), written once for every client.
package struct ReceiverFixReport: Sendable {
    package var fix: ReceiverFix
    package var nmea: String

    package init(fix: ReceiverFix, nmea: String) {
        self.fix = fix
        self.nmea = nmea
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
