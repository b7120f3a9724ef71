/// One metric as Prometheus's text format has it: a name, a help line, a type, and its samples.
/// Built fresh for each scrape from what the service counted, then written by `PrometheusText`.
struct MetricFamily: Equatable, Sendable {
    enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    /// One line of the family: a suffix to the name (`_bucket`, `_sum`, `_count`, or none),
    /// its labels in order, and the value.
    struct Sample: Equatable, Sendable {
        var suffix = ""
        var labels: [(name: String, value: String)] = []
        var value: Double

        static func == (left: Sample, right: Sample) -> Bool {
            left.suffix == right.suffix && left.value == right.value
                && left.labels.map(\.name) == right.labels.map(\.name) && left.labels.map(\.value) == right.labels.map(\.value)
        }
    }

    let name: String
    let help: String
    let kind: Kind
    let samples: [Sample]

    /// A counter or gauge of one value, no labels.
    static func single(_ name: String, _ kind: Kind, help: String, _ value: Double) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: kind, samples: [Sample(value: value)])
    }

    /// A counter with one label, a sample per value of it (in the order given).
    static func counter(_ name: String, help: String, label: String, _ values: [(String, Double)]) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: .counter, samples: values.map { Sample(labels: [(label, $0.0)], value: $0.1) })
    }

    /// A histogram from upper bounds and a count per bucket (not cumulative; one more count than
    /// bounds, for what is above them all), with the sum of what was observed.
    static func histogram(_ name: String, help: String, bounds: [Double], counts: [Int], sum: Double) -> MetricFamily {
        var samples: [Sample] = []
        var cumulative = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += counts[index]
            samples.append(Sample(suffix: "_bucket", labels: [("le", PrometheusText.number(bound))], value: Double(cumulative)))
        }
        let total = counts.reduce(0, +)
        samples.append(Sample(suffix: "_bucket", labels: [("le", "+Inf")], value: Double(total)))
        samples.append(Sample(suffix: "_sum", value: sum))
        samples.append(Sample(suffix: "_count", value: Double(total)))
        return MetricFamily(name: name, help: help, kind: .histogram, samples: samples)
    }
}
