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

    /// The event as one line of JSON, without the newline.
    package func line(for event: RunEvent, extraFields: [JSONMember] = []) -> String {
        JSON.object(fields(for: event) + extraFields).jsonText
    }

    /// The event's standard fields, in their stable order.
    package func fields(for event: RunEvent) -> [JSONMember] {
        switch event {
        case let .progress(snapshot): Self.snapshotFields(type: "progress", snapshot)
        case let .paused(snapshot, cause): Self.snapshotFields(type: "paused", snapshot) + [("by", .string(cause.rawValue))]
        case let .resumed(snapshot, cause): Self.snapshotFields(type: "resumed", snapshot) + [("by", .string(cause.rawValue))]
        case let .gpsLost(snapshot): Self.snapshotFields(type: "gps_lost", snapshot)
        case let .gpsFound(snapshot): Self.snapshotFields(type: "gps_found", snapshot)
        case let .split(split): [("type", .string("split"))] + Self.splitFields(split)
        case let .lap(lap): [("type", .string("lap"))] + Self.splitFields(lap)
        case let .finished(summary): summaryFields(summary)
        }
    }

    private static func snapshotFields(type: String, _ snapshot: RunSnapshot) -> [JSONMember] {
        [
            ("type", .string(type)),
            ("elapsed_s", tenths(snapshot.elapsedSeconds)),
            ("moving_s", tenths(snapshot.movingSeconds)),
            ("distance_m", tenths(snapshot.distanceMetres)),
            ("calories_kcal", tenths(snapshot.caloriesKilocalories)),
            ("pace_s_per_km", pace(snapshot.currentPaceSecondsPerKilometre)),
            ("avg_pace_s_per_km", pace(snapshot.averagePaceSecondsPerKilometre)),
            ("elevation_gain_m", tenths(snapshot.elevationGainMetres)),
            ("paused", .bool(snapshot.isPaused)),
            ("goal_m", snapshot.goalMetres.map(tenths) ?? .null),
            ("gps_ok", .bool(snapshot.gpsOK)),
        ] + optional([
            ("heart_rate_bpm", snapshot.heartRateBPM.map(whole)),
            ("cadence_spm", snapshot.cadenceSPM.map(whole)),
            ("elevation_m", snapshot.elevationMetres.map(tenths)),
            ("grade_percent", snapshot.gradePercent.map(tenths)),
            ("segment", snapshot.workout.map(segment)),
        ])
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

    private func summaryFields(_ summary: RunSummary) -> [JSONMember] {
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

    /// The `ending` value: `goal_reached`, `sensors_ended`, `stopped`, `cancelled` or `ended_by_mate`.
    package static func endingName(_ ending: RunEnding) -> String {
        switch ending {
        case .goalReached: "goal_reached"
        case .sensorsEnded: "sensors_ended"
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
