import MateRunJSON
@testable import MateRunNATS
import Testing

/// The NATS service discovery answers, built without a server.
@Suite struct NATSServiceMessagesTests {
    private let service = NATSServiceDescription(
        name: "materun-serve", id: "i1", version: "0.4.0", description: "group coordinator", metadata: ["host": "a"],
        endpoints: [.init(name: "create", subject: "materun.serve.create"), .init(name: "results", subject: "materun.results.*", queueGroup: nil)])

    private func answer(_ verb: NATSServiceMessages.Verb, stats: [NATSServiceEndpointStats] = []) throws -> JSONField {
        JSONField(try JSONParser.parse(NATSServiceMessages.response(verb, service: service, started: "2026-11-28T08:00:00Z", stats: stats)))
    }

    @Test func anInstanceAnswersEachVerbForAllServicesItsNameAndItsId() {
        let subjects = NATSServiceMessages.subjects(for: service)
        #expect(subjects.map(\.subject) == [
            "$SRV.PING", "$SRV.PING.materun-serve", "$SRV.PING.materun-serve.i1",
            "$SRV.INFO", "$SRV.INFO.materun-serve", "$SRV.INFO.materun-serve.i1",
            "$SRV.STATS", "$SRV.STATS.materun-serve", "$SRV.STATS.materun-serve.i1",
        ])
        #expect(subjects.map(\.verb) == [.ping, .ping, .ping, .info, .info, .info, .stats, .stats, .stats])
    }

    @Test func pingAndInfoNameTheInstanceAndInfoListsTheEndpoints() throws {
        let ping = try answer(.ping)
        #expect(ping["type"].stringValue == "io.nats.micro.v1.ping_response")
        #expect(ping["name"].stringValue == "materun-serve" && ping["id"].stringValue == "i1" && ping["version"].stringValue == "0.4.0")
        #expect(ping["metadata"]["host"].stringValue == "a")
        #expect(ping["endpoints"].isMissing)

        let info = try answer(.info)
        #expect(info["type"].stringValue == "io.nats.micro.v1.info_response" && info["description"].stringValue == "group coordinator")
        let endpoints = try info["endpoints"].array()
        #expect(endpoints.map { $0["subject"].stringValue } == ["materun.serve.create", "materun.results.*"])
        #expect(endpoints[0]["queue_group"].stringValue == "q" && endpoints[1]["queue_group"].isMissing)
    }

    @Test func statsCarryTheOwnersNumbersAndZeroForAnEndpointItDidNotCount() throws {
        let stats = try answer(.stats, stats: [
            NATSServiceEndpointStats(name: "create", requests: 4, errors: 1, lastError: "full", processingTime: .milliseconds(8), data: ["groups_held": 2])
        ])
        #expect(stats["type"].stringValue == "io.nats.micro.v1.stats_response" && stats["started"].stringValue == "2026-11-28T08:00:00Z")
        let endpoints = try stats["endpoints"].array()
        #expect(endpoints[0]["num_requests"].integerValue == 4 && endpoints[0]["num_errors"].integerValue == 1)
        #expect(endpoints[0]["last_error"].stringValue == "full" && endpoints[0]["processing_time"].integerValue == 8_000_000)
        #expect(endpoints[0]["average_processing_time"].integerValue == 2_000_000)
        #expect(endpoints[0]["data"]["groups_held"].integerValue == 2)
        #expect(endpoints[1]["num_requests"].integerValue == 0 && endpoints[1]["average_processing_time"].integerValue == 0)
    }

    @Test func aNameIdOrVersionOutsideTheProtocolIsRefused() {
        #expect(throws: Never.self) { try service.validate() }
        for bad in [
            NATSServiceDescription(name: "a.b", id: "i", version: "1.0.0"), NATSServiceDescription(name: "a", id: "", version: "1.0.0"),
            NATSServiceDescription(name: "a", id: "i", version: "1.0"), NATSServiceDescription(name: "a", id: "i", version: "v1.0.0"),
        ] {
            #expect(throws: NATSError.self) { try bad.validate() }
        }
        #expect(throws: Never.self) { try NATSServiceDescription(name: "a", id: "i", version: "1.2.3-beta.1+b5").validate() }
    }
}
