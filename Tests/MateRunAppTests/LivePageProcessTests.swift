import Foundation
import MateRunTestSupport
import Testing

/// `--web`: a real materun replay serves its live page, and a viewer gets the run as it goes.
@Suite("The live page of a real run", .serialized, .timeLimit(.minutes(2)))
struct LivePageProcessTests {
    @Test func aViewerOfAReplayGetsHelloProgressWithPositionsAndTheSummary() async throws {
        // Given a replay at 60x serving its page on a free port
        let replay = try MateRunProcess(
            "replay", arguments: ["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "60", "--json", "--no-save", "--web", "127.0.0.1:0"],
            executable: try requireMateRunExecutable())
        defer { replay.kill() }
        let announced = try await replay.wait(before: .now + .seconds(30)) { $0.lastEvent("web") != nil }
        try #require(announced, "no web line:\n\(replay.tail)")
        let url = try #require(replay.lastEvent("web")?["url"] as? String)
        let port = try #require(UInt16(url.split(separator: ":").last!.dropLast()))
        // When a viewer opens the page, then its event stream
        let page = try LoopbackHTTPClient(port: port)
        page.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let html = await page.read()
        let stream = try LoopbackHTTPClient(port: port)
        stream.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        let events = await stream.read { $0.contains("event: summary\n") }
        // Then the page is served under a strict policy, and the stream holds the whole run
        #expect(html.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(html.contains("Content-Security-Policy: default-src 'none'; script-src 'nonce-"))
        #expect(html.contains("<svg") || html.contains("createElementNS"))
        #expect(events.contains("event: hello\ndata: {\"type\":\"hello\",\"kind\":\"solo\",\"runner\":\"Mina\""))
        let progress = events.components(separatedBy: "event: progress\n").count - 1
        #expect(progress > 1900, "progress events: \(progress)")
        #expect(events.contains("\"lat\":40.78"))
        #expect(events.contains("event: summary\ndata: {\"type\":\"summary\",\"distance_m\":5000.0"))
        #expect(try await replay.exitStatus(before: .now + .seconds(60)) == 0)
    }
}
