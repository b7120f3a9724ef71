import MateRunDomain

/// Reads an NMEA 0183 log (GGA, RMC, GLL, VTG, GSA, ZDA from any talker) into dated fixes: a
/// value in, a value out, no I/O.
///
/// Sentences are merged per receiver cycle (`NMEAEpoch`); a cycle is dated by the RMC or ZDA
/// date it carries, else by the last date seen (a day later when the time of day falls back
/// past midnight), and cycles before the first date by the first. A receiver's clock that steps
/// back while its position carries on is re-anchored exactly as `track` does with gpsd's reports
/// (`TPVEpochMerger`, whose rule and limits this repeats: this target cannot import that one):
/// its times from then on are shifted so that the cycle comes one interval after the latest fix.
/// A time that goes back elsewhere (a log played twice) is dropped. Whatever is skipped is
/// counted, never read as a fix.
enum NMEALogReader {
    /// How far a fix after a clock step back may be from the latest fix and still carry on from
    /// it: 10 m/s for each second of the receiver's interval, and 20 m (as `TPVEpochMerger`).
    static let continuation = (metresPerSecond: 10.0, metres: 20.0)
    /// The longest line read as a sentence: NMEA allows 82 characters; loggers prefix some.
    static let maxLineBytes = 1024

    static func read(_ bytes: [UInt8], file: String) throws(ScenarioError) -> NMEALog {
        var log = NMEALog()
        var epochs: [NMEAEpoch] = []
        var current: NMEAEpoch?
        var lineNumber = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard rawLine.contains(where: { $0 > 0x20 }) else { continue }
            guard rawLine.count <= maxLineBytes else {
                log.counts.notSentences += 1
                continue
            }
            let line = String(decoding: rawLine, as: UTF8.self)
            switch NMEASentence.read(line[...]) {
            case .failure(.badChecksum): log.counts.badChecksum += 1
            case .failure(.noChecksum): log.counts.noChecksum += 1
            case .failure(.notASentence): log.counts.notSentences += 1
            case .success(let sentence):
                log.counts.sentences += 1
                if let time = timeOfDay(of: sentence), time != current?.timeOfDay {
                    if let done = current { epochs.append(done) }
                    current = NMEAEpoch(timeOfDay: time, line: lineNumber)
                }
                current?.take(sentence)
            }
        }
        if let done = current { epochs.append(done) }
        guard epochs.contains(where: \.hasFix) else {
            throw ScenarioError(file: file, place: "", expected: "expected NMEA sentences with a fix (GGA, RMC or GLL), found \(found(log.counts, cycles: epochs.count))")
        }
        guard let days = dates(of: epochs) else {
            throw ScenarioError(file: file, place: "", expected: "expected a date in the log (an RMC or ZDA sentence): GGA and GLL give only the time of day")
        }
        place(epochs, days: days, into: &log)
        return log
    }

    /// The time of day a sentence stamps its cycle with; nil for those that carry none.
    private static func timeOfDay(of sentence: NMEASentence) -> Double? {
        switch sentence.type {
        case "GGA", "RMC", "ZDA": NMEAFields.timeOfDay(sentence[0])
        case "GLL": NMEAFields.timeOfDay(sentence[4])
        default: nil
        }
    }

    private static func found(_ counts: NMEALog.Counts, cycles: Int) -> String {
        var parts = ["\(counts.sentences) sentence\(counts.sentences == 1 ? "" : "s") in \(cycles) cycle\(cycles == 1 ? "" : "s") without a fix"]
        if counts.badChecksum > 0 { parts.append("\(counts.badChecksum) with a bad checksum") }
        if counts.noChecksum > 0 { parts.append("\(counts.noChecksum) without a checksum") }
        if counts.notSentences > 0 { parts.append("\(counts.notSentences) line\(counts.notSentences == 1 ? "" : "s") of no sentence") }
        return parts.joined(separator: ", ")
    }

    /// The day of each cycle (see the type's doc), nil when no cycle carries a date.
    static func dates(of epochs: [NMEAEpoch]) -> [Int64]? {
        guard let first = epochs.firstIndex(where: { $0.day != nil }), let firstDay = epochs[first].day else { return nil }
        var days = [Int64](repeating: firstDay, count: epochs.count)
        var day = firstDay
        for index in stride(from: first - 1, through: 0, by: -1) {
            if epochs[index].timeOfDay > epochs[index + 1].timeOfDay + 43_200 { day -= 1 }
            days[index] = day
        }
        day = firstDay
        for index in first..<epochs.count {
            if let said = epochs[index].day {
                day = said
            } else if index > 0, epochs[index].timeOfDay + 43_200 < epochs[index - 1].timeOfDay {
                day += 1
            }
            days[index] = day
        }
        return days
    }

    /// The fixes of `epochs` in time order, clock steps re-anchored, times that went back dropped.
    private static func place(_ epochs: [NMEAEpoch], days: [Int64], into log: inout NMEALog) {
        var offset = 0.0
        for (epoch, day) in zip(epochs, days) {
            guard epoch.hasFix, let coordinate = epoch.coordinate else {
                log.counts.withoutFix += 1
                continue
            }
            var fix = NMEALog.Fix(
                unixTime: Double(day) * 86_400 + epoch.timeOfDay + offset, coordinate: coordinate, altitude: epoch.altitude,
                hdop: epoch.hdop, speed: epoch.speed, course: epoch.course, line: epoch.line)
            if let latest = log.fixes.last, fix.unixTime <= latest.unixTime {
                let interval = interval(log.fixes)
                let reach = continuation.metresPerSecond * interval + continuation.metres
                guard fix.unixTime < latest.unixTime, Geodesic.distance(from: latest.coordinate, to: coordinate) <= reach else {
                    log.counts.timeWentBack += 1
                    continue
                }
                let anchored = latest.unixTime + interval
                offset += anchored - fix.unixTime
                fix.unixTime = anchored
                log.counts.clockStepsBack += 1
            }
            log.fixes.append(fix)
        }
    }

    /// The receiver's interval as its latest two fixes tell (a second until they do, at most 5).
    private static func interval(_ fixes: [NMEALog.Fix]) -> Double {
        guard fixes.count >= 2 else { return 1 }
        let step = fixes[fixes.count - 1].unixTime - fixes[fixes.count - 2].unixTime
        return step > 0 ? min(step, 5) : 1
    }
}
