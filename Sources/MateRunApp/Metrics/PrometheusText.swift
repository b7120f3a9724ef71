import Foundation

/// Prometheus's text exposition format (version 0.0.4), written from metric families: a
/// `# HELP` and `# TYPE` line per family, then a line per sample, with help text and label values
/// escaped as the format asks. Pure, so that what a scraper reads is pinned by unit tests.
enum PrometheusText {
    /// The Content-Type a scraper expects for this format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    static func render(_ families: [MetricFamily]) -> String {
        var lines: [String] = []
        for family in families {
            lines.append("# HELP \(family.name) \(escapedHelp(family.help))")
            lines.append("# TYPE \(family.name) \(family.kind.rawValue)")
            for sample in family.samples {
                let labels = sample.labels.isEmpty
                    ? "" : "{" + sample.labels.map { "\($0.name)=\"\(escapedLabel($0.value))\"" }.joined(separator: ",") + "}"
                lines.append(family.name + sample.suffix + labels + " " + number(sample.value))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as the format writes it: whole numbers without a fraction, `+Inf`, `-Inf`, `NaN`,
    /// and otherwise the shortest decimal that reads back the same.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Help text: backslash and newline escaped.
    private static func escapedHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A label value: backslash, double quote and newline escaped.
    private static func escapedLabel(_ text: String) -> String {
        escapedHelp(text).replacingOccurrences(of: "\"", with: "\\\"")
    }
}
