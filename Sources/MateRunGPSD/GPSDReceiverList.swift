import MateRunJSON

/// The receivers gpsd says it has: its `DEVICES` report (sent in answer to each watch) and the
/// `DEVICE` reports of a receiver that comes or goes. A run that gets no fix can then say whether
/// gpsd has a receiver at all, rather than leave the runner to guess.
package struct GPSDReceiverList: Sendable, Equatable {
    /// The receivers' paths (`/dev/ttyACM0`, `tcp://host:port`); nil until gpsd has said.
    package private(set) var paths: [String]?

    package init() {}

    /// Reads one line; true when it changed the list. Only a line that begins as gpsd writes these
    /// reports (`{"class":"DEVICE`) is parsed: they are a few in a session, among a line or more
    /// a second of others.
    package mutating func take(line: [UInt8]) -> Bool {
        guard line.starts(with: Self.prefix), let parsed = try? JSONParser.parse(line), parsed.objectValue != nil else {
            return false
        }
        let object = JSONField(parsed)
        let before = paths
        switch object["class"].stringValue {
        case "DEVICES":
            guard let devices = try? object["devices"].array() else { return false }
            paths = devices.compactMap { $0["path"].stringValue }
        case "DEVICE":
            guard let path = object["path"].stringValue else { return false }
            var known = (paths ?? []).filter { $0 != path }
            // A receiver gpsd has opened has the time it did as `activated`; one it closed, 0.
            if object["activated"].stringValue != nil { known.append(path) }
            paths = known
        default:
            return false
        }
        return paths != before
    }

    private static let prefix = Array(#"{"class":"DEVICE"#.utf8)
}
