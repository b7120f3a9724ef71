import MateRunWeb
import Testing

/// One viewer's connection on a manual clock: deadlines, the stream, keep-alives, stalls.
@Suite struct WebViewerTests {
    private let page: () -> (body: [UInt8], headers: [String]) = { (Array("<html>".utf8), ["Content-Type: text/html"]) }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aRequestThatDoesNotArriveInFiveSecondsIsAnswered408AndClosed() {
        var viewer = WebViewer(now: 100)
        viewer.received(Array("GET / HT".utf8), now: 101, page: page)
        viewer.tick(now: 104.9)
        #expect(viewer.phase == .readingRequest)
        viewer.tick(now: 105)
        #expect(text(viewer.outbox).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        viewer.wrote(viewer.outbox.count, now: 105)
        #expect(viewer.phase == .closed)
    }

    @Test func thePageIsSentWholeThenTheConnectionCloses() {
        var viewer = WebViewer(now: 0)
        viewer.received(Array("GET / HTTP/1.1\r\n\r\n".utf8), now: 0, page: page)
        #expect(text(viewer.outbox).hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 6\r\nConnection: close\r\n\r\n<html>"))
        viewer.wrote(10, now: 1)
        #expect(viewer.phase == .answering)
        viewer.wrote(viewer.outbox.count, now: 1)
        #expect(viewer.phase == .closed)
    }

    @Test func theStreamSendsEveryMessageAfterTheLastEventIDInOrder() {
        // Given a log of three messages and a viewer that had seen the first
        let log = ServerSentEvents()
        for number in 1...3 { log.publish(event: "progress", data: #"{"n":\#(number)}"#) }
        var viewer = WebViewer(now: 0)
        viewer.received(Array("GET /events HTTP/1.1\r\nLast-Event-ID: 1\r\n\r\n".utf8), now: 0, page: page)
        viewer.wrote(viewer.outbox.count, now: 0)
        // When it asks for what it lacks
        let after = try! #require(viewer.wantsMessages)
        viewer.queue(log.messages(after: after), now: 0)
        // Then it gets the second and third, as SSE
        #expect(text(viewer.outbox) == "id: 2\nevent: progress\ndata: {\"n\":2}\n\nid: 3\nevent: progress\ndata: {\"n\":3}\n\n")
        #expect(viewer.phase == .streaming(cursor: 3))
    }

    @Test func aQuietStreamGetsAKeepAliveEveryFifteenSeconds() {
        var viewer = WebViewer(now: 0)
        viewer.received(Array("GET /events HTTP/1.1\r\n\r\n".utf8), now: 0, page: page)
        viewer.wrote(viewer.outbox.count, now: 0)
        viewer.tick(now: 14)
        #expect(viewer.outbox.isEmpty)
        viewer.tick(now: 15)
        #expect(text(viewer.outbox) == ": keep-alive\n\n")
    }

    @Test func aViewerThatTakesNothingForThirtySecondsIsDropped() {
        // Given a viewer with bytes waiting that it does not read
        let log = ServerSentEvents()
        log.publish(event: "progress", data: "{}")
        var viewer = WebViewer(now: 0)
        viewer.received(Array("GET /events HTTP/1.1\r\n\r\n".utf8), now: 0, page: page)
        viewer.queue(log.messages(after: 0), now: 0)
        // When thirty seconds pass without a byte written
        viewer.tick(now: 29)
        #expect(viewer.phase != .closed)
        viewer.tick(now: 30)
        // Then it is closed and holds nothing
        #expect(viewer.phase == .closed)
        #expect(viewer.outbox.isEmpty)
    }

    @Test func aFullServerAnswers503() {
        var viewer = WebViewer(now: 0)
        viewer.refuseAsFull()
        #expect(text(viewer.outbox).hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(text(viewer.outbox).hasSuffix("Too many viewers of this run's page; try again later.\n"))
    }
}

/// When the server must look at a viewer again, and what it still owes it when stopping.
@Suite struct WebViewerDeadlineTests {
    private let page: () -> (body: [UInt8], headers: [String]) = { (Array("<html>".utf8), []) }

    @Test func theNextDeadlineIsTheRequestsThenTheStallsThenTheKeepAlives() {
        // Given a viewer opened at 100 s
        var viewer = WebViewer(now: 100)
        // Then its request is due by 105 s
        #expect(viewer.nextDeadline == 105)
        // When it asks for the stream at 101 s, with bytes waiting for it
        viewer.received(Array("GET /events HTTP/1.1\r\n\r\n".utf8), now: 101, page: page)
        // Then it must take some by 131 s, and once it took all, hears again by 116 s
        #expect(viewer.nextDeadline == 130.0)
        viewer.wrote(viewer.outbox.count, now: 102)
        #expect(viewer.nextDeadline == 116.0)
        viewer.disconnected()
        #expect(viewer.nextDeadline == nil)
    }

    @Test func stoppingOwesAStreamEverythingPublishedAndAPageItsBytes() {
        var stream = WebViewer(now: 0)
        stream.received(Array("GET /events HTTP/1.1\r\n\r\n".utf8), now: 0, page: page)
        stream.wrote(stream.outbox.count, now: 0)
        #expect(!stream.isOwedNothing(lastID: 1))
        let log = ServerSentEvents()
        log.publish(event: "progress", data: "{}")
        stream.queue(log.messages(after: 0), now: 1)
        #expect(!stream.isOwedNothing(lastID: 1))
        stream.wrote(stream.outbox.count, now: 1)
        #expect(stream.isOwedNothing(lastID: 1))
        var answering = WebViewer(now: 0)
        answering.received(Array("GET / HTTP/1.1\r\n\r\n".utf8), now: 0, page: page)
        #expect(!answering.isOwedNothing(lastID: 0))
        #expect(WebViewer(now: 0).isOwedNothing(lastID: 5))
    }
}
