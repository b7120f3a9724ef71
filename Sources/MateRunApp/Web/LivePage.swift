import Foundation
import MateRunDomain
import MateRunJSON
import MateRunPresentation
import MateRunSocket
import MateRunWeb

/// A run's live page (`--web ADDR:PORT`): the page anyone on the network can open, and the
/// events it is sent. What to publish is said by `LivePageScreen`; this owns the server and
/// ends it once, when the run is over.
final class LivePage: Sendable {
    private let server: LivePageServer

    /// Serves the page on `endpoint` (port 0: any free one).
    init(endpoint: TCPEndpoint, maxViewers: Int = 10_000) throws(CommandFailure) {
        do {
            server = try LivePageServer(host: endpoint.host, port: endpoint.port, maxViewers: maxViewers, page: Self.page)
        } catch {
            throw CommandFailure("--web \(endpoint): \(error)")
        }
    }

    /// The address to open, for people and programs.
    var url: String {
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        return "http://\(host):\(server.port)/"
    }

    /// Publishes one event of type `type` whose data is the JSON `line`.
    func publish(_ type: String, _ line: String) {
        server.events.publish(event: type, data: line)
    }

    /// Publishes a JSON object whose `type` field names the event.
    func publish(_ fields: [JSONMember]) {
        guard case .string(let type)? = fields.first(where: { $0.key == "type" })?.value else { return }
        publish(type, JSON.object(fields).jsonText)
    }

    /// Sends every viewer what was published (waiting at most ten seconds for slow ones: the
    /// result is what a viewer most wants), then stops serving.
    /// Safe to call more than once.
    func close() {
        server.stop(linger: 10)
    }

    /// The page with a fresh nonce, and the headers that hold it to itself: no script, style,
    /// frame or connection but its own.
    private static let page: LivePageServer.Page = {
        let nonce = Nonce.make()
        let body = Array(LiveRunPage.html(nonce: nonce).utf8)
        return (body, [
            "Content-Type: text/html; charset=utf-8",
            "Content-Security-Policy: default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; "
                + "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            "Cache-Control: no-store", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer",
        ])
    }
}

/// A nonce for the page's Content-Security-Policy: 128 random bits, base64.
enum Nonce {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }
}
