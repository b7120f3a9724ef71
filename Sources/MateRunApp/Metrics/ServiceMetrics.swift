import MateRunDomain
import MateRunGroup

/// The metric families `materun serve --metrics` exposes, from what the instance counted: a pure
/// function of the numbers, so the names, types and help lines are pinned by tests. Names follow
/// Prometheus's conventions: `materun_` prefix, `_total` for counters, base units (`_seconds`).
enum ServiceMetrics {
    /// The numbers one scrape reads.
    struct Reading: Sendable {
        var groupsHeld = 0
        var runners = 0
        var groupsTakenOver = 0
        var groupsCreated = 0
        var createsRefused = 0
        var observations: GroupServiceObservations.Snapshot
        var health: ServiceHealth.State
        /// Unix seconds the process started at.
        var processStart = 0.0

        init(observations: GroupServiceObservations.Snapshot = .init(), health: ServiceHealth.State = .init(), processStart: Double = 0) {
            self.observations = observations
            self.health = health
            self.processStart = processStart
        }
    }

    static func families(_ reading: Reading) -> [MetricFamily] {
        let seen = reading.observations
        let lateness = seen.leaseLateness, latency = seen.reportToStanding
        return [
            .single("process_start_time_seconds", .gauge, help: "Start time of the process since unix epoch in seconds.", reading.processStart),
            MetricFamily(
                name: "materun_build_info", help: "Always 1; the version of materun serving, as a label.", kind: .gauge,
                samples: [.init(labels: [("version", MateRunVersion.number)], value: 1)]),
            .single("materun_groups_held", .gauge, help: "Groups this instance holds now.", Double(reading.groupsHeld)),
            .single("materun_group_runners", .gauge, help: "Runners in the groups this instance holds now.", Double(reading.runners)),
            .single(
                "materun_group_takeovers_total", .counter, help: "Groups this instance took over from another (its lease stood still).",
                Double(reading.groupsTakenOver)),
            .single("materun_groups_created_total", .counter, help: "Groups this instance created for a creator's request.", Double(reading.groupsCreated)),
            .single(
                "materun_group_create_refusals_total", .counter, help: "Requests to create a group this instance refused (over the rate, unreadable, failed).",
                Double(reading.createsRefused)),
            .single(
                "materun_group_reports_judged_total", .counter, help: "Runners' reports that reached the rules of a group held here.",
                Double(seen.reportsJudged)),
            .counter(
                "materun_group_messages_refused_total", help: "Runners' messages dropped at a held group's edge, by reason.", label: "reason",
                GroupServiceObservations.Refusal.allCases.map { ($0.rawValue, Double(seen.refused[$0, default: 0])) }),
            .counter(
                "materun_group_lease_renewals_total", help: "Renewals of held groups' leases, by outcome.", label: "outcome",
                [("renewed", Double(seen.leaseRenewals)), ("failed", Double(seen.leaseRenewalsFailed))]),
            .histogram(
                "materun_group_lease_renewal_lateness_seconds", help: "How long after it was due each lease renewal was confirmed.",
                bounds: lateness.bounds, counts: lateness.counts, sum: lateness.sum),
            .histogram(
                "materun_group_report_to_standing_seconds", help: "From a runner's report read to the standings that count it published.",
                bounds: latency.bounds, counts: latency.counts, sum: latency.sum),
            .single("materun_nats_connected", .gauge, help: "1 while connected to NATS, else 0.", reading.health.natsConnected ? 1 : 0),
            .single(
                "materun_nats_reconnects_total", .counter, help: "Times the NATS connection came back after it was lost.",
                Double(reading.health.natsReconnects)),
        ]
    }
}
