import MateRunWeb
import Testing

/// What the live page's server makes of a request head from anyone.
@Suite struct HTTPRequestHeadTests {
    private func parse(_ text: String) -> HTTPRequestHead { HTTPRequestHead.parse(Array(text.utf8)) }

    @Test func theTwoThingsTheServerHasAreFound() {
        #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == .request(.page, lastEventID: nil))
        #expect(parse("GET /?from=share HTTP/1.1\r\n\r\n") == .request(.page, lastEventID: nil))
        #expect(parse("GET /events HTTP/1.1\r\nLast-Event-ID: 42\r\n\r\n") == .request(.events, lastEventID: 42))
        #expect(parse("GET /events HTTP/1.0\nlast-event-id:7\n\n") == .request(.events, lastEventID: 7))
    }

    @Test func anythingElseIsRefusedWithTheStatusThatSaysWhy() {
        #expect(parse("GET /../../etc/passwd HTTP/1.1\r\n\r\n") == .refused(status: 404, reason: "Not Found"))
        #expect(parse("GET /events/../ HTTP/1.1\r\n\r\n") == .refused(status: 404, reason: "Not Found"))
        #expect(parse("POST /events HTTP/1.1\r\n\r\n") == .refused(status: 405, reason: "Method Not Allowed"))
        #expect(parse("GET /\r\n\r\n") == .refused(status: 400, reason: "Bad Request"))
        #expect(parse("\u{1B}[2J garbage\r\n\r\n") == .refused(status: 400, reason: "Bad Request"))
    }

    @Test func aHeadIsIncompleteUntilItsBlankLineAndRefusedPastEightKilobytes() {
        #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
        let long = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000)
        #expect(parse(long) == .refused(status: 431, reason: "Request Header Fields Too Large"))
        #expect(parse(long + "\r\n\r\n") == .refused(status: 431, reason: "Request Header Fields Too Large"))
    }

    @Test func aLastEventIDThatIsNotANumberIsIgnored() {
        #expect(parse("GET /events HTTP/1.1\r\nLast-Event-ID: -3\r\n\r\n") == .request(.events, lastEventID: nil))
        #expect(parse("GET /events HTTP/1.1\r\nLast-Event-ID: x\r\n\r\n") == .request(.events, lastEventID: nil))
    }
}
