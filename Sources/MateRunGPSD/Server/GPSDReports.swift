import MateRunDomain
import MateRunJSON

/// The objects gpsd's JSON protocol (version 3.14, gpsd 3.22) sends, written from fixes: what a
/// gpsd client (gpspipe, cgps, Python's `gps` module, an app's libgps) expects line by line.
///
/// Pure text: the device's name, its activation time and the fix come in; no clock, no I/O.
package enum GPSDReports {
    /// The protocol version served: gpsd 3.22's.
    package static let release = "3.22"
    package static let protocolVersion = (major: 3, minor: 14)
    /// The accuracy (metres) gpsd gives per unit of HDOP (docs/GPSD-NMEA.md), used backwards to
    /// give SKY an HDOP for the fix's accuracy.
    static let metresPerHDOP = 19.0

    /// The device materun is to its clients: one receiver, named so that clients show it.
    package struct Device: Sendable, Equatable {
        package var path: String
        /// When the replay started, in Unix seconds.
        package var activated: Double

        package init(path: String, activated: Double) {
            self.path = path
            self.activated = activated
        }
    }

    package static func version() -> String {
        line([
            ("class", .string("VERSION")), ("release", .string(release)), ("rev", .string("materun")),
            ("proto_major", .integer(protocolVersion.major)), ("proto_minor", .integer(protocolVersion.minor)),
        ])
    }

    package static func devices(_ device: Device) -> String {
        line([("class", .string("DEVICES")), ("devices", .array([deviceObject(device)]))])
    }

    package static func watch(_ watch: GPSDWatch) -> String {
        line([
            ("class", .string("WATCH")), ("enable", .bool(watch.enabled)), ("json", .bool(watch.json)),
            ("nmea", .bool(watch.nmea)), ("raw", .integer(0)), ("scaled", .bool(false)), ("timing", .bool(false)),
            ("split24", .bool(false)), ("pps", .bool(false)),
        ])
    }

    package static func tpv(_ fix: ReceiverFix, device: Device) -> String {
        line(tpvMembers(fix, device: device))
    }

    package static func sky(_ fix: ReceiverFix, device: Device) -> String {
        line(skyMembers(fix, device: device))
    }

    /// `?POLL`'s answer: the latest fix (none before the first), at `fix`'s time.
    package static func poll(_ fix: ReceiverFix?, device: Device) -> String {
        line([
            ("class", .string("POLL")), ("time", .string(GPSDTimestamp.text(fix?.unixTime ?? device.activated))),
            ("active", .integer(fix == nil ? 0 : 1)),
            ("tpv", .array(fix.map { [.object(tpvMembers($0, device: device))] } ?? [])),
            ("sky", .array(fix.map { [.object(skyMembers($0, device: device))] } ?? [])),
        ])
    }

    package static func error(_ message: String) -> String {
        line([("class", .string("ERROR")), ("message", .string(message))])
    }

    private static func tpvMembers(_ fix: ReceiverFix, device: Device) -> [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("class", .string("TPV")), ("device", .string(device.path)), ("mode", .integer(fix.altitude == nil ? 2 : 3)),
            ("time", .string(GPSDTimestamp.text(fix.unixTime))), ("ept", .number(0.005, decimals: 3)),
            ("lat", .number(fix.coordinate.latitude, decimals: 9)), ("lon", .number(fix.coordinate.longitude, decimals: 9)),
        ]
        if let altitude = fix.altitude {
            members += [("altHAE", .number(altitude, decimals: 3)), ("altMSL", .number(altitude, decimals: 3)), ("alt", .number(altitude, decimals: 3))]
        }
        if let accuracy = fix.horizontalAccuracy {
            let axis = accuracy / 2.0.squareRoot()
            members += [("epx", .number(axis, decimals: 3)), ("epy", .number(axis, decimals: 3)), ("eph", .number(accuracy, decimals: 3))]
        }
        if let course = fix.course { members.append(("track", .number(course, decimals: 4))) }
        if let speed = fix.speed { members.append(("speed", .number(speed, decimals: 3))) }
        return members
    }

    /// SKY without satellites: materun simulates a fix, not a constellation; the HDOP is the
    /// fix's accuracy as gpsd reads one back.
    private static func skyMembers(_ fix: ReceiverFix, device: Device) -> [(String, JSON)] {
        var members: [(String, JSON)] = [("class", .string("SKY")), ("device", .string(device.path)), ("time", .string(GPSDTimestamp.text(fix.unixTime)))]
        if let accuracy = fix.horizontalAccuracy {
            members.append(("hdop", .number(max(0.01, min(99.99, accuracy / metresPerHDOP)), decimals: 2)))
        }
        members.append(("satellites", .array([])))
        return members
    }

    private static func deviceObject(_ device: Device) -> JSON {
        .object([
            ("class", .string("DEVICE")), ("path", .string(device.path)), ("driver", .string("materun")),
            ("activated", .string(GPSDTimestamp.text(device.activated))), ("flags", .integer(1)), ("native", .integer(0)),
            ("cycle", .number(1, decimals: 2)), ("mincycle", .number(0.05, decimals: 2)),
        ])
    }

    private static func line(_ members: [(String, JSON)]) -> String {
        JSONText.text(.object(members)) + "\r\n"
    }
}
