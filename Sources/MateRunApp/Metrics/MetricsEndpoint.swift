import MateRunSocket
import MateRunWeb

/// `materun serve --metrics ADDR:PORT`: `/metrics` in Prometheus's text format, `/healthz` and
/// `/readyz`, answered by the live page's own server (one socket each on the process's poller,
/// with the live page's limits: request size and time, and at most `maxClients` at once).
final class MetricsEndpoint: Sendable {
    private let server: LivePageServer

    /// Serves on `endpoint` (port 0: any free one); `reading` is taken once per scrape.
    init(
        endpoint: TCPEndpoint, maxClients: Int = 100, reading: @escaping @Sendable () -> ServiceMetrics.Reading
    ) throws(CommandFailure) {
        let answers = FixedAnswers(paths: ["/metrics", "/healthz", "/readyz"]) { path in Self.answer(path, reading) }
        do {
            server = try LivePageServer(host: endpoint.host, port: endpoint.port, maxViewers: maxClients, fixed: answers) {
                (Array("materun serve: /metrics, /healthz, /readyz\n".utf8), ["Content-Type: text/plain; charset=utf-8"])
            }
        } catch {
            throw CommandFailure("--metrics \(endpoint): \(error)")
        }
    }

    /// The address bound, for the log and for tests: `http://HOST:PORT`.
    var url: String {
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        return "http://\(host):\(server.port)"
    }

    func stop() { server.stop(linger: 1) }

    /// `/healthz`: the process answers, so 200. `/readyz`: `ServiceHealth.readiness`.
    /// `/metrics`: every family, rendered.
    static func answer(_ path: String, _ reading: @Sendable () -> ServiceMetrics.Reading) -> FixedAnswers.Answer {
        switch path {
        case "/healthz":
            return .text("ok: the process answers", ok: true)
        case "/readyz":
            let readiness = ServiceHealth.readiness(reading().health)
            return .text(readiness.reason, ok: readiness.ready)
        default:
            let text = PrometheusText.render(ServiceMetrics.families(reading()))
            return FixedAnswers.Answer(status: 200, reason: "OK", contentType: PrometheusText.contentType, body: Array(text.utf8))
        }
    }
}
