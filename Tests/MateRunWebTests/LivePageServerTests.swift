import MateRunTestSupport
import MateRunWeb
import Testing

@Suite("The live page's server, on loopback", .serialized, .timeLimit(.minutes(1)))
struct LivePageServerTests {
    private func server(maxViewers: Int = 100) throws -> LivePageServer {
        try LivePageServer(host: "127.0.0.1", port: 0, maxViewers: maxViewers) {
            (Array("<!doctype html><p>page</p>".utf8), ["Content-Type: text/html; charset=utf-8", "Content-Security-Policy: default-src 'none'"])
        }
    }

    @Test func thePageIsServedWithItsHeadersAndTheConnectionCloses() async throws {
        let server = try server()
        defer { server.stop(linger: 0) }
        let client = try LoopbackHTTPClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = await client.read()
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Content-Security-Policy: default-src 'none'\r\n"))
        #expect(answer.hasSuffix("\r\n\r\n<!doctype html><p>page</p>"))
    }

    @Test func aLateViewerGetsTheWholeRunSoFarThenEachNewEvent() async throws {
        // Given a run that published two events before anyone looked
        let server = try server()
        defer { server.stop(linger: 0) }
        server.events.publish(event: "hello", data: #"{"type":"hello"}"#)
        server.events.publish(event: "progress", data: #"{"elapsed_s":1.0}"#)
        // When a viewer opens the stream, and the run goes on
        let client = try LoopbackHTTPClient(port: server.port)
        client.send("GET /events HTTP/1.1\r\n\r\n")
        let early = await client.read { $0.contains("id: 2\n") && $0.hasSuffix("\n\n") }
        server.events.publish(event: "summary", data: #"{"type":"summary"}"#)
        let late = await client.read { $0.contains("id: 3\n") && $0.hasSuffix("\n\n") }
        // Then it got both earlier events, then the new one, as Server-Sent Events
        #expect(early.contains("Content-Type: text/event-stream"))
        #expect(early.contains("id: 1\nevent: hello\ndata: {\"type\":\"hello\"}\n\n"))
        #expect(early.contains("id: 2\nevent: progress\ndata: {\"elapsed_s\":1.0}\n\n"))
        #expect(late == "id: 3\nevent: summary\ndata: {\"type\":\"summary\"}\n\n")
    }

    @Test func hostileRequestsAreRefusedAndLeaveOtherViewersStreaming() async throws {
        // Given a viewer streaming
        let server = try server()
        defer { server.stop(linger: 0) }
        let viewer = try LoopbackHTTPClient(port: server.port)
        viewer.send("GET /events HTTP/1.1\r\n\r\n")
        _ = await viewer.read { $0.contains("retry: 2000\n\n") }
        // When others ask for a file, send a megabyte of header, or post
        let traversal = try LoopbackHTTPClient(port: server.port)
        traversal.send("GET /../../etc/passwd HTTP/1.1\r\n\r\n")
        let huge = try LoopbackHTTPClient(port: server.port)
        huge.send("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 1 << 20))
        let post = try LoopbackHTTPClient(port: server.port)
        post.send("POST /events HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
        // Then each gets its refusal, and the viewer still gets what is published
        #expect(await traversal.read().hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(await huge.read().hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(await post.read().hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        server.events.publish(event: "progress", data: "{}")
        #expect(await viewer.read { $0.hasSuffix("data: {}\n\n") }.hasSuffix("id: 1\nevent: progress\ndata: {}\n\n"))
    }

    @Test func pastTheCapANewViewerIsTold503() async throws {
        let server = try server(maxViewers: 2)
        defer { server.stop(linger: 0) }
        let first = try LoopbackHTTPClient(port: server.port), second = try LoopbackHTTPClient(port: server.port)
        first.send("GET /events HTTP/1.1\r\n\r\n")
        second.send("GET /events HTTP/1.1\r\n\r\n")
        _ = await first.read { $0.contains("retry") }
        _ = await second.read { $0.contains("retry") }
        let third = try LoopbackHTTPClient(port: server.port)
        #expect(await third.read().hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(server.viewerCount == 2)
    }

    @Test func stoppingSendsWhatWasPublishedBeforeClosing() async throws {
        let server = try server()
        let client = try LoopbackHTTPClient(port: server.port)
        client.send("GET /events HTTP/1.1\r\n\r\n")
        _ = await client.read { $0.contains("retry") }
        for number in 1...500 { server.events.publish(event: "progress", data: #"{"n":\#(number)}"#) }
        server.events.publish(event: "summary", data: "{}")
        server.stop(linger: 5)
        let rest = await client.read()
        #expect(rest.contains("id: 501\nevent: summary\n"))
    }
}
