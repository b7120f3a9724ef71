import Foundation
@testable import MateRunApp
import MateRunGroup
import Testing

@Suite("Prometheus text exposition")
struct PrometheusTextTests {
    @Test func aFamilyIsItsHelpItsTypeAndALinePerSample() {
        // Given a counter with a label and a gauge
        let families = [
            MetricFamily.counter("x_refused_total", help: "Refused, by reason.", label: "reason", [("replayed", 3), ("over_rate", 0)]),
            MetricFamily.single("x_held", .gauge, help: "Held now.", 2),
        ]
        // When rendered, Then it is the format's text exactly
        #expect(PrometheusText.render(families) == """
        # HELP x_refused_total Refused, by reason.
        # TYPE x_refused_total counter
        x_refused_total{reason="replayed"} 3
        x_refused_total{reason="over_rate"} 0
        # HELP x_held Held now.
        # TYPE x_held gauge
        x_held 2

        """)
    }

    @Test func aHistogramsBucketsAreCumulativeWithInfSumAndCount() {
        // Given counts per bucket (not cumulative): 1 at ≤0.1, 2 at ≤1, 1 above
        let family = MetricFamily.histogram("x_seconds", help: "Latency.", bounds: [0.1, 1], counts: [1, 2, 1], sum: 4.25)
        // Then the buckets add up, +Inf holds them all, and count equals it
        #expect(PrometheusText.render([family]).split(separator: "\n").dropFirst(2) == [
            "x_seconds_bucket{le=\"0.1\"} 1", "x_seconds_bucket{le=\"1\"} 3", "x_seconds_bucket{le=\"+Inf\"} 4",
            "x_seconds_sum 4.25", "x_seconds_count 4",
        ])
    }

    @Test func labelValuesAndHelpAreEscaped() {
        // Given a label value and a help with a quote, a backslash and a newline
        let family = MetricFamily.counter("x_total", help: "a \\ b\nc", label: "l", [("q\"b\\n\nx", 1)])
        // Then each is escaped as the format asks
        #expect(PrometheusText.render([family]) == "# HELP x_total a \\\\ b\\nc\n# TYPE x_total counter\nx_total{l=\"q\\\"b\\\\n\\nx\"} 1\n")
    }

    @Test func numbersAreWholeWhenWholeAndShortestOtherwise() {
        #expect(PrometheusText.number(1_764_338_000) == "1764338000")
        #expect(PrometheusText.number(0.025) == "0.025")
        #expect(PrometheusText.number(.infinity) == "+Inf")
        #expect(PrometheusText.number(.nan) == "NaN")
    }

    @Test func theServicesFamiliesFollowPrometheussNamingConventions() {
        // Given the service's families from a reading with some of everything
        let observations = GroupServiceObservations()
        observations.judgedReport()
        observations.refused(.replayed)
        observations.renewedLease(lateness: 0.02, renewed: true)
        observations.standingsPublished(waits: [0.3, 0.6])
        var reading = ServiceMetrics.Reading(observations: observations.snapshot, processStart: 1_764_338_000)
        reading.groupsHeld = 1
        reading.runners = 4
        let families = ServiceMetrics.families(reading)
        // Then every name is prefixed (or the standard process one), counters end in _total,
        // histograms are in seconds, and each name is unique
        for family in families {
            #expect(family.name.hasPrefix("materun_") || family.name == "process_start_time_seconds")
            #expect((family.kind == .counter) == family.name.hasSuffix("_total"), "\(family.name)")
            if family.kind == .histogram { #expect(family.name.hasSuffix("_seconds")) }
        }
        #expect(Set(families.map(\.name)).count == families.count)
        // And the numbers are the ones counted
        let text = PrometheusText.render(families)
        #expect(text.contains("materun_group_reports_judged_total 1\n"))
        #expect(text.contains("materun_group_messages_refused_total{reason=\"replayed\"} 1\n"))
        #expect(text.contains("materun_group_messages_refused_total{reason=\"bad_signature\"} 0\n"))
        #expect(text.contains("materun_group_report_to_standing_seconds_bucket{le=\"0.5\"} 1\n"))
        #expect(text.contains("materun_group_report_to_standing_seconds_count 2\n"))
        #expect(text.contains("materun_group_runners 4\n"))
    }

    @Test(.enabled(if: ExternalTool.runnable("promtool"), ExternalTool.skipReason("promtool", package: "prometheus")))
    func promtoolFindsNoProblemInTheServicesMetrics() async throws {
        // Given the service's metrics with every kind of sample
        let observations = GroupServiceObservations()
        observations.refused(.overRate)
        observations.renewedLease(lateness: 3, renewed: false)
        let text = PrometheusText.render(ServiceMetrics.families(ServiceMetrics.Reading(observations: observations.snapshot, processStart: 1)))
        // When promtool checks them (its lint included), Then it finds nothing
        let check = try await ExternalTool.run("promtool", ["check", "metrics"], input: text)
        #expect(check.status == 0 && check.output.isEmpty && check.errors.isEmpty, "promtool: \(check.output) \(check.errors)")
    }
}
