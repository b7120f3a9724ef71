@testable import MateRunNATS
import Testing

/// The order in which a client redials the servers it was given and those the cluster named.
@Suite struct NATSServerListTests {
    private func dials(_ list: inout NATSServerList, count: Int) -> [String] {
        (0..<count).map { _ in
            defer { list.advance() }
            return "\(list.current.endpoint)"
        }
    }

    @Test func aSingleServerIsRedialledForEver() throws {
        var list = NATSServerList(primary: try NATSURL(parsing: "nats://a:4222"))
        #expect(dials(&list, count: 3) == ["a:4222", "a:4222", "a:4222"])
    }

    @Test func givenServersAreTriedInTurnThenAgainFromTheFirst() throws {
        var list = NATSServerList(
            primary: try NATSURL(parsing: "nats://a:4222"),
            alternatives: [try NATSURL(parsing: "nats://b:4222"), try NATSURL(parsing: "nats://a:4222")])
        #expect(dials(&list, count: 5) == ["a:4222", "b:4222", "a:4222", "b:4222", "a:4222"])
    }

    @Test func learnedNodesComeAfterTheGivenOnesWithTheFirstURLsLogin() throws {
        var list = NATSServerList(primary: try NATSURL(parsing: "tls://ann:pw@a:4222"))
        list.learn(connectURLs: ["a:4222", "10.0.0.2:4223", "not a url", "[::1]:4224", "10.0.0.2:4223"])
        #expect(list.servers.map(\.description) == ["tls://ann:***@a:4222", "tls://ann:***@10.0.0.2:4223", "tls://ann:***@[::1]:4224"])
        #expect(list.servers.allSatisfy { $0.credentials == .user("ann", password: "pw") && $0.requiresTLS })
        #expect(dials(&list, count: 4) == ["a:4222", "10.0.0.2:4223", "[::1]:4224", "a:4222"])
    }

    @Test func aLaterInfoAddsNodesWithoutLosingThePlace() throws {
        var list = NATSServerList(primary: try NATSURL(parsing: "nats://a:1"))
        list.learn(connectURLs: ["b:2"])
        list.advance()
        list.learn(connectURLs: ["b:2", "c:3"])
        #expect(dials(&list, count: 4) == ["b:2", "c:3", "a:1", "b:2"])
    }

    @Test func readsTheClustersNodesFromInfo() throws {
        let info = try NATSServerInfo.decode(Array(#"{"server_id":"x","connect_urls":["10.0.0.1:4222","10.0.0.2:4222"]}"#.utf8)[...])
        #expect(info.connectURLs == ["10.0.0.1:4222", "10.0.0.2:4222"])
        #expect(try NATSServerInfo.decode(Array(#"{"server_id":"x"}"#.utf8)[...]).connectURLs.isEmpty)
    }

    @Test func aViaListIsReadEntryByEntryInItsOrder() throws {
        let urls = try NATSURL.list(parsing: "nats://a:1, tls://ann:pw@b:2 ,nats://c")

        #expect(urls.map(\.description) == ["nats://a:1", "tls://ann:***@b:2", "nats://c:4222"])
    }

    @Test func aViaListWithAnEmptyOrBadEntryIsRefusedWithTheReason() {
        #expect(throws: NATSURLError(text: "nats://a:1,", reason: "an empty entry in a comma list of URLs")) {
            try NATSURL.list(parsing: "nats://a:1,")
        }
        #expect(throws: NATSURLError(text: "b:2", reason: "missing nats://")) { try NATSURL.list(parsing: "nats://a:1,b:2") }
    }
}
