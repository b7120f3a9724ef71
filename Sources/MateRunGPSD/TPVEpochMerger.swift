import MateRunDomain
import MateRunJSON

/// Turns the lines gpsd sends into fixes: a value in, fixes out, no I/O and no clock.
///
/// gpsd reports one TPV per sentence of a receiver's cycle (often 10-20 for one epoch of a real
/// log), each with the epoch's `time` and whatever that sentence told; they are merged by `time`
/// into one fix, later reports filling and refining what earlier ones said. An epoch is handed
/// out when the first report of a later epoch arrives, with or without a fix (a receiver that
/// lost the sky goes on reporting every second, with its time, and the last fix before the loss
/// must not wait for the sky to come back), or by `flush()` (the connection ended, or the
/// stream went quiet). Whatever cannot be a fix is dropped and counted by reason, and at
/// most one epoch is held, so that garbage from the port costs neither a crash nor memory.
///
/// Times only go forward: a report before the last epoch handed out is dropped. Two exceptions,
/// because a single wrong time would otherwise poison the rest of the run:
/// - a held epoch that jumped more than `maxForwardJump` ahead is dropped when the next report
///   falls back between it and the last epoch (gpsd dates a GGA by the day it last knew: after a
///   stretch without a fix whose clock rolled past midnight, one epoch can be a day ahead until
///   the next RMC);
/// - a receiver's clock that steps back (before every epoch seen) while its position carries on
///   from the latest fix, no farther than a runner goes in one of its intervals (`continues`), is
///   re-anchored: its times from then on are shifted so that the epoch comes one interval after
///   the latest, and the run loses neither fixes nor time. A report that goes back to somewhere
///   else (a log played again, old data) is dropped as before.
package struct TPVEpochMerger: Sendable {
    /// What was dropped, by reason.
    package struct Counts: Sendable, Equatable {
        /// Lines that are not a JSON object.
        package var garbage = 0
        /// TPV reports with a field of the wrong type, a non-finite number or an impossible value.
        package var malformed = 0
        /// TPV reports whose `mode` says there is no fix (0 or 1), or without a position.
        package var noFix = 0
        /// TPV reports whose time is before an epoch already handed out.
        package var timeWentBack = 0
        /// Epochs dropped because their time jumped far ahead and the reports after fell back.
        package var timeJumped = 0

        package init() {}

        /// Every dropped report.
        package var total: Int { garbage + malformed + noFix + timeWentBack + timeJumped }
    }

    /// Seconds ahead of the last epoch beyond which an epoch is suspect (see the type's doc).
    package static let maxForwardJump = 600.0
    /// How far a fix after a clock step back may be from the latest fix and still carry on from
    /// it: 10 m/s (faster than any runner) for each second of the receiver's interval, and 20 m
    /// of the two fixes' error.
    static let continuation = (metresPerSecond: 10.0, metres: 20.0)

    package private(set) var counts = Counts()
    /// How many times the receiver's clock stepped back and its times were re-anchored, and how
    /// many seconds the latest step took back (from where one interval after the latest epoch
    /// would have been).
    package private(set) var clockStepsBack = (count: 0, latestSeconds: 0.0)
    /// The epoch being merged.
    private var epoch: ReceiverFix?
    /// The latest epoch handed out, and the time of the one before it.
    private var last: ReceiverFix?
    private var timeBeforeLast: Double?
    /// Seconds added to gpsd's times since the receiver's clock stepped back.
    private var offset = 0.0

    package init() {}

    /// Reads one line (without its newline) and returns the fix it completed, if any.
    package mutating func take(line: [UInt8]) -> ReceiverFix? {
        guard let parsed = try? JSONParser.parse(line), parsed.objectValue != nil else {
            counts.garbage += 1
            return nil
        }
        let object = JSONField(parsed)
        guard object["class"].stringValue == "TPV" else { return nil }
        switch TPVReport.read(object) {
        case .malformed:
            counts.malformed += 1
            return nil
        case .noFix(let time):
            counts.noFix += 1
            // Only a later epoch ends the held one: an earlier time may be the report that shows
            // a held epoch to be a day ahead (the next fix drops it), and a report without a
            // time says nothing about which epoch it belongs to.
            guard let held = epoch, let time, time + offset > held.unixTime else { return nil }
            return flush()
        case .fix(let report):
            return merge(report)
        }
    }

    /// Hands out the epoch being merged, if it holds a fix.
    package mutating func flush() -> ReceiverFix? {
        defer { epoch = nil }
        if let epoch {
            timeBeforeLast = last?.unixTime
            last = epoch
        }
        return epoch
    }

    private mutating func merge(_ gpsdReport: TPVReport) -> ReceiverFix? {
        var report = gpsdReport
        report.unixTime += offset
        // The latest epoch seen: the one held, else the last handed out.
        guard let latest = epoch ?? last else {
            epoch = report.fix(over: nil)
            return nil
        }
        if report.unixTime < last?.unixTime ?? latest.unixTime, continues(report, from: latest) {
            return reanchor(report, after: latest)
        }
        if let lastTime = last?.unixTime, report.unixTime <= lastTime {
            counts.timeWentBack += 1
            return nil
        }
        guard let current = epoch else {
            epoch = report.fix(over: nil)
            return nil
        }
        if report.unixTime == current.unixTime {
            epoch = report.fix(over: current)
            return nil
        }
        if report.unixTime < current.unixTime {
            if let lastTime = last?.unixTime, current.unixTime - lastTime > Self.maxForwardJump {
                counts.timeJumped += 1
                epoch = report.fix(over: nil)
            } else {
                counts.timeWentBack += 1
            }
            return nil
        }
        let done = flush()
        epoch = report.fix(over: nil)
        return done
    }

    /// The receiver's interval, as far as its latest epochs tell (a second until they do, and at
    /// most 5: a longer gap was a loss of signal, not the receiver's pace).
    private var interval: Double {
        let latest = epoch?.unixTime ?? last?.unixTime
        let before = epoch == nil ? timeBeforeLast : last?.unixTime
        guard let latest, let before, latest > before else { return 1 }
        return min(latest - before, 5)
    }

    /// Whether `report`'s position carries on from the `latest` fix (see `continuation`).
    private func continues(_ report: TPVReport, from latest: ReceiverFix) -> Bool {
        let reach = Self.continuation.metresPerSecond * interval + Self.continuation.metres
        return Geodesic.distance(from: latest.coordinate, to: report.coordinate) <= reach
    }

    /// Starts `report`'s epoch one interval after `latest`, shifting every later time as much;
    /// hands out the held epoch, which the step ended.
    private mutating func reanchor(_ report: TPVReport, after latest: ReceiverFix) -> ReceiverFix? {
        let anchored = latest.unixTime + interval
        let shift = anchored - report.unixTime
        offset += shift
        clockStepsBack = (clockStepsBack.count + 1, shift)
        var moved = report
        moved.unixTime = anchored
        let done = flush()
        epoch = moved.fix(over: nil)
        return done
    }
}

/// The fields of one TPV report that make a fix, checked.
struct TPVReport {
    enum Reading {
        case fix(TPVReport)
        /// No fix, at this time if the report has one.
        case noFix(time: Double?)
        case malformed
    }

    var unixTime: Double
    var coordinate: Coordinate
    var altitude: Double?
    var horizontalAccuracy: Double?
    var speed: Double?
    var course: Double?

    /// Reads a TPV object: `mode` 2 or 3 with `time`, `lat` and `lon` is a fix; `mode` 0 or 1, or
    /// no position, is none; a wrong type, a non-finite number or a value out of range anywhere
    /// in the fields read makes the report malformed.
    static func read(_ object: JSONField) -> Reading {
        guard let mode = object["mode"].integerValue else { return .malformed }
        guard (0...3).contains(mode) else { return .malformed }
        var optional = OptionalFields(object)
        let altitude = optional.number("altHAE") ?? optional.number("altMSL") ?? optional.number("alt")
        let eph = optional.number("eph", in: 0...1_000_000)
        let epx = optional.number("epx", in: 0...1_000_000)
        let epy = optional.number("epy", in: 0...1_000_000)
        let speed = optional.number("speed", in: 0...1_000)
        let course = optional.number("track", in: 0...360)
        let latitude = optional.number("lat", in: -90...90)
        let longitude = optional.number("lon", in: -180...180)
        var time: Double?
        switch object["time"].value {
        case nil: break
        case .string(let text)?:
            guard let seconds = GPSDTime.unixSeconds(text) else { return .malformed }
            time = seconds
        default: return .malformed
        }
        guard !optional.malformed else { return .malformed }
        guard mode >= 2, let time, let latitude, let longitude else { return .noFix(time: time) }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isPlausibleFix else { return .noFix(time: time) }
        let accuracy = eph ?? epx.flatMap { x in epy.map { y in (x * x + y * y).squareRoot() } }
        return .fix(TPVReport(
            unixTime: time, coordinate: coordinate, altitude: altitude, horizontalAccuracy: accuracy, speed: speed,
            course: course))
    }

    /// This report's fields over `earlier`'s of the same epoch: what this one says wins, what it
    /// leaves out is kept.
    func fix(over earlier: ReceiverFix?) -> ReceiverFix {
        ReceiverFix(
            unixTime: unixTime, coordinate: coordinate, altitude: altitude ?? earlier?.altitude,
            horizontalAccuracy: horizontalAccuracy ?? earlier?.horizontalAccuracy, speed: speed ?? earlier?.speed,
            course: course ?? earlier?.course)
    }

    /// Reads optional numbers, remembering whether any was present but not a finite number in range.
    private struct OptionalFields {
        let object: JSONField
        var malformed = false

        init(_ object: JSONField) {
            self.object = object
        }

        mutating func number(_ key: String, in range: ClosedRange<Double> = -1_000_000...1_000_000) -> Double? {
            let field = object[key]
            guard !field.isMissing else { return nil }
            do {
                return try field.number(in: range)
            } catch {
                malformed = true
                return nil
            }
        }
    }
}
