import MateRunWeb
import Testing

/// The paths a server answers beside the page (`materun serve --metrics`): found only when
/// given, answered whole, and closed like the page.
@Suite struct FixedAnswersTests {
    private let page: () -> (body: [UInt8], headers: [String]) = { (Array("<html>".utf8), ["Content-Type: text/html"]) }
    private let answers = FixedAnswers(paths: ["/metrics", "/readyz"]) { path in
        path == "/readyz" ? .text("not connected to NATS", ok: false) : .text("m 1", ok: true)
    }

    @Test func aGivenPathIsFoundAndAnyOtherStaysNotFound() {
        let fixed: Set<String> = ["/metrics"]
        #expect(HTTPRequestHead.parse(Array("GET /metrics HTTP/1.1\r\n\r\n".utf8), fixed: fixed) == .request(.fixed("/metrics"), lastEventID: nil))
        #expect(HTTPRequestHead.parse(Array("GET /metrics?x=1 HTTP/1.1\r\n\r\n".utf8), fixed: fixed) == .request(.fixed("/metrics"), lastEventID: nil))
        #expect(HTTPRequestHead.parse(Array("GET /metricsx HTTP/1.1\r\n\r\n".utf8), fixed: fixed) == .refused(status: 404, reason: "Not Found"))
        #expect(HTTPRequestHead.parse(Array("GET /metrics HTTP/1.1\r\n\r\n".utf8)) == .refused(status: 404, reason: "Not Found"))
    }

    @Test func aFixedAnswerIsSentWithItsStatusAndLengthThenClosed() {
        // Given a viewer asking /readyz of a server that is not ready
        var viewer = WebViewer(now: 0)
        viewer.received(Array("GET /readyz HTTP/1.1\r\n\r\n".utf8), now: 0, page: page, fixed: answers)
        // Then it is told 503 with the one-line reason, and closed once written
        let text = String(decoding: viewer.outbox, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"))
        #expect(text.contains("Content-Length: 22\r\n") && text.hasSuffix("\r\n\r\nnot connected to NATS\n"))
        viewer.wrote(viewer.outbox.count, now: 0)
        #expect(viewer.phase == .closed)
    }
}
