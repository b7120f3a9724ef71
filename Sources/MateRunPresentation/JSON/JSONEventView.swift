import MateRunDomain
import MateRunJSON

/// Writes each run event as one line of JSON, for machines: newline-delimited JSON with a fixed
/// key order and one decimal for metres, seconds and kilocalories.
///
/// It only draws Domain events (raw numbers, not the formatted panel state), so that a consumer
/// gets exact values. Pure and without I/O: the App layer writes each line followed by a newline.
/// Features add their own fields with `extraFields`, appended after the standard ones.
///
/// Lines: `progress`, `paused` and `resumed` (the snapshot and `by`: `auto` or `runner`),
/// `gps_lost`, `gps_found` (the snapshot), `split`, `lap`, and last `summary`.
package struct JSONEventView: Sendable {
    package let profile: RunnerProfile

    package init(profile: RunnerProfile) {
        self.profile = profile
    }

    /// The event as one line of JSON, without the newline. The events that carry a snapshot (one
    /// a second of run time, hundreds of thousands in a replay at full speed) are written field
    /// by field; the rest are built as a `JSON` tree. Nil for a kept fix: it goes to the
    /// history, not to the screen.
    package func line(for event: RunEvent, extraFields: [JSONMember] = []) -> String? {
        switch event {
        case .kept: nil
        case let .progress(snapshot): Self.snapshotLine(type: "progress", snapshot, by: nil, extraFields)
        case let .paused(snapshot, cause): Self.snapshotLine(type: "paused", snapshot, by: cause, extraFields)
        case let .resumed(snapshot, cause): Self.snapshotLine(type: "resumed", snapshot, by: cause, extraFields)
        case let .gpsLost(snapshot): Self.snapshotLine(type: "gps_lost", snapshot, by: nil, extraFields)
        case let .gpsFound(snapshot): Self.snapshotLine(type: "gps_found", snapshot, by: nil, extraFields)
        case let .split(split): splitLine(split, extraFields: extraFields)
        case let .lap(lap): JSON.object([("type", .string("lap"))] + Self.splitFields(lap) + extraFields).jsonText
        case let .finished(summary): summaryLine(summary, extraFields: extraFields)
        }
    }

    /// A split's line.
    package func splitLine(_ split: Split, extraFields: [JSONMember] = []) -> String {
        JSON.object([("type", .string("split"))] + Self.splitFields(split) + extraFields).jsonText
    }

    /// The summary's line.
    package func summaryLine(_ summary: RunSummary, extraFields: [JSONMember] = []) -> String {
        JSON.object(summaryFields(summary) + extraFields).jsonText
    }

    private static func snapshotLine(
        type: String, _ snapshot: RunSnapshot, by cause: PauseCause?, _ extraFields: [JSONMember]
    ) -> String {
        var writer = JSONWriter()
        writer.field("type", type)
        writer.field("elapsed_s", snapshot.elapsedSeconds, decimals: 1)
        writer.field("moving_s", snapshot.movingSeconds, decimals: 1)
        writer.field("distance_m", snapshot.distanceMetres, decimals: 1)
        writer.field("calories_kcal", snapshot.caloriesKilocalories, decimals: 1)
        writePace("pace_s_per_km", snapshot.currentPaceSecondsPerKilometre, to: &writer)
        writePace("avg_pace_s_per_km", snapshot.averagePaceSecondsPerKilometre, to: &writer)
        writer.field("elevation_gain_m", snapshot.elevationGainMetres, decimals: 1)
        writer.field("paused", snapshot.isPaused)
        if let goal = snapshot.goalMetres { writer.field("goal_m", goal, decimals: 1) } else { writer.nullField("goal_m") }
        writer.field("gps_ok", snapshot.gpsOK)
        if let heartRate = snapshot.heartRateBPM { writer.field("heart_rate_bpm", heartRate, decimals: 0) }
        if let cadence = snapshot.cadenceSPM { writer.field("cadence_spm", cadence, decimals: 0) }
        if let elevation = snapshot.elevationMetres { writer.field("elevation_m", elevation, decimals: 1) }
        if let grade = snapshot.gradePercent { writer.field("grade_percent", grade, decimals: 1) }
        if let position = snapshot.workout { writer.field(("segment", segment(position))) }
        if let cause { writer.field("by", cause.rawValue) }
        for member in extraFields { writer.field(member) }
        return String(decoding: writer.closed(), as: UTF8.self)
    }

    /// A pace is only meaningful when positive and finite; anything else is `null`.
    private static func writePace(_ key: StaticString, _ secondsPerKilometre: Double?, to writer: inout JSONWriter) {
        guard let secondsPerKilometre, secondsPerKilometre.isFinite, secondsPerKilometre > 0 else {
            writer.nullField(key)
            return
        }
        writer.field(key, secondsPerKilometre, decimals: 1)
    }

    /// Where a scripted run is in its segments: `index`, `count`, `activity`, `remaining_s` (or
    /// `remaining_m` for a segment set by distance), and `repeat` inside a repeated group.
    private static func segment(_ position: WorkoutPosition) -> JSON {
        var fields: [JSONMember] = [
            ("index", .integer(position.index)),
            ("count", .integer(position.count)),
            ("activity", .string(position.step.activity.rawValue)),
        ]
        if let metres = position.remainingMetres {
            fields.append(("remaining_m", tenths(metres)))
        } else {
            fields.append(("remaining_s", tenths(position.remainingSeconds)))
        }
        if let repetition = position.step.repetition {
            fields.append(("repeat", .object([("index", .integer(repetition.index)), ("count", .integer(repetition.count))])))
        }
        return .object(fields)
    }

    /// Fields a source may not have: absent, not null or 0, when it has none.
    private static func optional(_ fields: [(String, JSON?)]) -> [JSONMember] {
        fields.compactMap { name, value in value.map { (name, $0) } }
    }

    private static func whole(_ value: Double) -> JSON {
        .number(value, decimals: 0)
    }

    private static func splitFields(_ split: Split) -> [JSONMember] {
        [
            ("index", .integer(split.index)),
            ("distance_m", tenths(split.distanceMetres)),
            ("moving_s", tenths(split.movingSeconds)),
            ("elapsed_s", tenths(split.endElapsedSeconds)),
            ("pace_s_per_km", pace(split.paceSecondsPerKilometre)),
            ("elevation_gain_m", tenths(split.elevationGainMetres)),
        ]
    }

    /// A stretch the tracker did not count: `reason` (`too_fast` or `jump`), its metres along its
    /// fixes, and the run time it spans.
    private static func leftOutFields(_ stretch: LeftOutStretch) -> [JSONMember] {
        [
            ("reason", .string(stretch.reason.rawValue)),
            ("distance_m", tenths(stretch.distanceMetres)),
            ("from_s", tenths(stretch.fromSeconds)),
            ("to_s", tenths(stretch.toSeconds)),
        ]
    }

    /// The `summary` line's fields, in their stable order (`laps` and `left_out` only when there
    /// are some).
    package func summaryFields(_ summary: RunSummary) -> [JSONMember] {
        let snapshot = summary.snapshot
        return [
            ("type", .string("summary")),
            ("distance_m", Self.tenths(snapshot.distanceMetres)),
            ("elapsed_s", Self.tenths(snapshot.elapsedSeconds)),
            ("moving_s", Self.tenths(snapshot.movingSeconds)),
            ("calories_kcal", Self.tenths(snapshot.caloriesKilocalories)),
            ("avg_pace_s_per_km", Self.pace(snapshot.averagePaceSecondsPerKilometre)),
            ("elevation_gain_m", Self.tenths(snapshot.elevationGainMetres)),
            ("goal_m", snapshot.goalMetres.map(Self.tenths) ?? .null),
            ("splits", .array(summary.splits.map { .object(Self.splitFields($0)) })),
        ] + (summary.laps.isEmpty ? [] : [
            ("laps", .array(summary.laps.map { .object(Self.splitFields($0)) })),
        ]) + (summary.leftOut.isEmpty ? [] : [
            ("left_out", .array(summary.leftOut.map { .object(Self.leftOutFields($0)) })),
        ]) + Self.optional([
            ("avg_heart_rate_bpm", summary.averageHeartRateBPM.map(Self.whole)),
            ("max_heart_rate_bpm", summary.maximumHeartRateBPM.map(Self.whole)),
            ("avg_cadence_spm", summary.averageCadenceSPM.map(Self.whole)),
        ]) + [
            ("finished", .bool(summary.reachedGoal)),
            ("cancelled", .bool(summary.wasCancelled)),
            ("ending", .string(Self.endingName(summary.ending))),
            ("runner", .object([
                ("name", .string(profile.name)),
                ("weight_kg", Self.tenths(profile.weightKilograms)),
            ])),
        ]
    }

    /// The `ending` value: `goal_reached`, `sensors_ended`, `receiver_ended`, `stopped`, `cancelled` or
    /// `ended_by_mate`.
    package static func endingName(_ ending: RunEnding) -> String {
        switch ending {
        case .goalReached: "goal_reached"
        case .sensorsEnded: "sensors_ended"
        case .receiverEnded: "receiver_ended"
        case .stopped: "stopped"
        case .cancelled: "cancelled"
        case .endedByMate: "ended_by_mate"
        }
    }

    private static func tenths(_ value: Double) -> JSON {
        .number(value, decimals: 1)
    }

    /// A pace is only meaningful when positive and finite; anything else is `null`.
    private static func pace(_ secondsPerKilometre: Double?) -> JSON {
        guard let secondsPerKilometre, secondsPerKilometre.isFinite, secondsPerKilometre > 0 else { return .null }
        return tenths(secondsPerKilometre)
    }
}
