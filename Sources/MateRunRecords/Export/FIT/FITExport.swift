import MateRunDomain

/// A kept run as a FIT activity file, the format Garmin Connect, Strava and TrainingPeaks import
/// best: file_id and device_info, the timer's start, a `record` per fix (time, position, distance,
/// speed, altitude, heart rate, cadence, the receiver's accuracy), the timer's stop, a `lap` per
/// lap the runner marked (else per kilometre split, as the TCX export), the `session` with the
/// run's totals and the `activity`.
///
/// FIT counts whole seconds: a fix within the same second as the one written before it is left
/// out (its distance still reaches the next record's running total).
package enum FITExport {
    /// FIT's `development` manufacturer: materun is no registered device maker.
    private static let manufacturer: Int64 = 255
    private static let product: Int64 = 1
    private static let running: Int64 = 1

    package static func bytes(_ run: RunRecord) -> [UInt8] {
        let header = run.summary.header
        let figures = run.summary.outcome.figures
        let start = header.startedAt
        let startTime = FITWriter.timestamp(start)
        let endTime = FITWriter.timestamp(start + figures.elapsedSeconds)
        var writer = FITWriter()
        writer.write(0, [  // file_id
            FITField(0, .enumeration, 4),  // activity
            FITField(1, .uint16, manufacturer), FITField(2, .uint16, product),
            FITField(3, .uint32z, 1), FITField(4, .uint32, startTime),
        ])
        writer.write(23, [  // device_info: the creator
            FITField(253, .uint32, startTime), FITField(0, .uint8, 0),
            FITField(2, .uint16, manufacturer), FITField(4, .uint16, product), FITField(5, .uint16, 100),
        ])
        writer.write(21, timerEvent(at: startTime, type: 0))  // timer start
        var written: Int64?
        var previous: RecordedFix?
        for fix in run.fixes {
            let time = FITWriter.timestamp(start + fix.time)
            defer { previous = fix }
            guard written.map({ time > $0 }) ?? true else { continue }
            written = time
            writer.write(20, record(fix, at: time, speed: speed(of: fix, since: previous)))
        }
        writer.write(21, timerEvent(at: max(endTime, written ?? endTime), type: 4))  // timer stop_all
        let laps = TCXExport.laps(of: run)
        var movingAtStart = 0.0
        for (index, lap) in laps.enumerated() {
            let isLast = index == laps.count - 1
            let movingAtEnd = isLast ? figures.movingSeconds : (lap.fixes.last?.movingSeconds ?? movingAtStart)
            writer.write(19, self.lap(lap, index: index, timerSeconds: max(0, movingAtEnd - movingAtStart), of: run))
            movingAtStart = movingAtEnd
        }
        writer.write(18, session(run, laps: laps.count, end: endTime))
        writer.write(34, [  // activity
            FITField(253, .uint32, endTime),
            FITField(0, .uint32, figures.movingSeconds, scale: 1000),
            FITField(1, .uint16, 1), FITField(2, .enumeration, 0),
            FITField(3, .enumeration, 26), FITField(4, .enumeration, 1),
            FITField(5, .uint32, endTime + Int64(header.utcOffsetSeconds)),
        ])
        return writer.file()
    }

    private static func timerEvent(at time: Int64, type: Int64) -> [FITField] {
        [FITField(253, .uint32, time), FITField(0, .enumeration, 0), FITField(1, .enumeration, type)]
    }

    private static func record(_ fix: RecordedFix, at time: Int64, speed: Double?) -> [FITField] {
        [
            FITField(253, .uint32, time),
            FITField(0, .sint32, FITWriter.semicircles(fix.coordinate.latitude)),
            FITField(1, .sint32, FITWriter.semicircles(fix.coordinate.longitude)),
            FITField(5, .uint32, fix.distanceMetres, scale: 100),
            FITField(6, .uint16, speed, scale: 1000),
            FITField(73, .uint32, speed, scale: 1000),
            FITField(2, .uint16, fix.elevation, scale: 5, offset: 500),
            FITField(78, .uint32, fix.elevation, scale: 5, offset: 500),
            FITField(3, .uint8, fix.heartRate.flatMap(ExportTime.beats).map(Int64.init)),
            FITField(4, .uint8, fix.cadence.map { Int64(ExportTime.strideCadence($0)) }),
            FITField(31, .uint8, fix.horizontalAccuracy, scale: 1),
        ]
    }

    /// Metres per second since the fix before, from the distances the tracker counted.
    private static func speed(of fix: RecordedFix, since previous: RecordedFix?) -> Double? {
        guard let previous, fix.time > previous.time else { return nil }
        return max(0, fix.distanceMetres - previous.distanceMetres) / (fix.time - previous.time)
    }

    private static func lap(_ lap: TCXExport.Lap, index: Int, timerSeconds: Double, of run: RunRecord) -> [FITField] {
        let start = run.summary.header.startedAt
        let figures = run.summary.outcome.figures
        let share = figures.distanceMetres > 0 ? lap.distanceMetres / figures.distanceMetres : 0
        let trigger: Int64 = lap.isSplit ? 2 : (lap.number != nil ? 0 : 7)  // distance, manual, session_end
        let first = lap.fixes.first?.coordinate, last = lap.fixes.last?.coordinate
        return [
            FITField(254, .uint16, Int64(index)),
            FITField(253, .uint32, FITWriter.timestamp(start + lap.startSeconds + lap.elapsedSeconds)),
            FITField(0, .enumeration, 9), FITField(1, .enumeration, 1),  // lap, stop
            FITField(2, .uint32, FITWriter.timestamp(start + lap.startSeconds)),
            FITField(3, .sint32, first.map { FITWriter.semicircles($0.latitude) }),
            FITField(4, .sint32, first.map { FITWriter.semicircles($0.longitude) }),
            FITField(5, .sint32, last.map { FITWriter.semicircles($0.latitude) }),
            FITField(6, .sint32, last.map { FITWriter.semicircles($0.longitude) }),
            FITField(7, .uint32, lap.elapsedSeconds, scale: 1000),
            FITField(8, .uint32, timerSeconds, scale: 1000),
            FITField(9, .uint32, lap.distanceMetres, scale: 100),
            FITField(11, .uint16, figures.caloriesKilocalories * share, scale: 1),
            FITField(13, .uint16, timerSeconds > 0 ? lap.distanceMetres / timerSeconds : nil, scale: 1000),
            FITField(24, .enumeration, trigger),
            FITField(25, .enumeration, running),
        ]
    }

    private static func session(_ run: RunRecord, laps: Int, end: Int64) -> [FITField] {
        let start = run.summary.header.startedAt
        let figures = run.summary.outcome.figures
        let body = run.summary.outcome.body
        let first = run.fixes.first?.coordinate
        let average = figures.movingSeconds > 0 ? figures.distanceMetres / figures.movingSeconds : nil
        return [
            FITField(254, .uint16, 0),
            FITField(253, .uint32, end),
            FITField(0, .enumeration, 8), FITField(1, .enumeration, 1),  // session, stop
            FITField(2, .uint32, FITWriter.timestamp(start)),
            FITField(3, .sint32, first.map { FITWriter.semicircles($0.latitude) }),
            FITField(4, .sint32, first.map { FITWriter.semicircles($0.longitude) }),
            FITField(5, .enumeration, running), FITField(6, .enumeration, 0),
            FITField(7, .uint32, figures.elapsedSeconds, scale: 1000),
            FITField(8, .uint32, figures.movingSeconds, scale: 1000),
            FITField(9, .uint32, figures.distanceMetres, scale: 100),
            FITField(11, .uint16, figures.caloriesKilocalories, scale: 1),
            FITField(14, .uint16, average, scale: 1000),
            FITField(16, .uint8, body.averageHeartRateBPM, scale: 1),
            FITField(17, .uint8, body.maximumHeartRateBPM, scale: 1),
            FITField(18, .uint8, body.averageCadenceSPM.map { Double(ExportTime.strideCadence($0)) }, scale: 1),
            FITField(22, .uint16, figures.elevationGainMetres, scale: 1),
            FITField(25, .uint16, 0), FITField(26, .uint16, Int64(laps)),
            FITField(28, .enumeration, 0),  // activity_end
        ]
    }
}
