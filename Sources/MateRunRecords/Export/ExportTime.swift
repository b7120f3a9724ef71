import MateRunDomain

/// UTC timestamps for the export formats: whole seconds when the fix is on one, milliseconds
/// otherwise.
enum ExportTime {
    static func text(_ run: RunRecordSummary, at seconds: Double) -> String {
        let unix = run.header.startedAt + seconds
        let whole = unix == unix.rounded()
        return ISOTimestamp.text(unixSeconds: unix, fractionDigits: whole ? 0 : 3, zulu: true)
    }

    /// Running cadence as Garmin's formats count it: strides (one foot) per minute, half the
    /// steps per minute materun records, clamped to the unsignedByte both schemas allow.
    static func strideCadence(_ stepsPerMinute: Double) -> Int {
        min(254, max(0, Int((stepsPerMinute / 2).rounded())))
    }

    /// A heart rate as the schemas allow it: a whole number of beats from 1 to 255.
    static func beats(_ heartRate: Double) -> Int? {
        let value = Int(heartRate.rounded())
        return (1...255).contains(value) ? value : nil
    }
}
