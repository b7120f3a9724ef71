import MateRunJSON
@testable import MateRunNATS
import Testing

/// The key-value bucket's protocol without a server: the stream it makes, the headers of its
/// writes, and the reading of the API's answers.
@Suite struct KeyValueProtocolTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aBucketIsAStreamConfiguredAsTheOfficialClientsConfigureOne() throws {
        var config = KeyValueBucketConfig(bucket: "groups")
        config.history = 5
        config.maxAge = .seconds(30 * 86_400)
        config.replicas = 3

        let stream = JSONField(config.streamConfig)

        #expect(stream["name"].stringValue == "KV_groups")
        #expect(try stream["subjects"].array().map { try $0.string() } == ["$KV.groups.>"])
        #expect(stream["max_msgs_per_subject"].integerValue == 5)
        #expect(stream["max_age"].integerValue == 30 * 86_400 * 1_000_000_000)
        #expect(stream["num_replicas"].integerValue == 3)
        #expect(stream["duplicate_window"].integerValue == 120_000_000_000)
        #expect(stream["discard"].stringValue == "new")
        #expect(try stream["allow_direct"].bool() && stream["allow_rollup_hdrs"].bool() && stream["deny_delete"].bool())
        #expect(try !stream["deny_purge"].bool())
    }

    @Test func aShortAgeShortensTheDuplicateWindowAndNoAgeKeepsForEver() {
        var config = KeyValueBucketConfig(bucket: "b")
        #expect(JSONField(config.streamConfig)["max_age"].integerValue == 0)
        config.maxAge = .seconds(10)
        #expect(JSONField(config.streamConfig)["duplicate_window"].integerValue == 10_000_000_000)
    }

    @Test func settingsOutOfRangeAndBadNamesAreRefusedBeforeTheServerSeesThem() {
        for history in [0, 65] {
            var config = KeyValueBucketConfig(bucket: "b")
            config.history = history
            #expect(throws: JetStreamError.self) { try config.validate() }
        }
        var replicated = KeyValueBucketConfig(bucket: "b")
        replicated.replicas = 6
        #expect(throws: JetStreamError.self) { try replicated.validate() }
        for bucket in ["", "a.b", "a b", "a>"] {
            #expect(throws: JetStreamError.self) { try KeyValueBucketConfig(bucket: bucket).validate() }
        }
        for key in ["", ".a", "a.", "a..b", "a b", "a*", "a>"] {
            #expect(throws: JetStreamError.self) { try KeyValueNames.validateKey(key) }
        }
        #expect(throws: Never.self) { try KeyValueNames.validateKey("group.ABC-123/r_1=x") }
        #expect(throws: Never.self) { try KeyValueNames.validateFilter("group.*.>") }
        #expect(throws: JetStreamError.self) { try KeyValueNames.validateFilter("group.>.x") }
    }

    @Test func writesCarryTheExpectedRevisionAndTheMarkersOfDeletesAndPurges() throws {
        #expect(KeyValueRequests.writeHeaders(.put, expectedRevision: nil) == nil)
        let create = try #require(KeyValueRequests.writeHeaders(.put, expectedRevision: 0))
        #expect(create["Nats-Expected-Last-Subject-Sequence"] == "0")
        let delete = try #require(KeyValueRequests.writeHeaders(.delete, expectedRevision: 7))
        #expect(delete["KV-Operation"] == "DEL" && delete["Nats-Expected-Last-Subject-Sequence"] == "7")
        let purge = try #require(KeyValueRequests.writeHeaders(.purge, expectedRevision: nil))
        #expect(purge["KV-Operation"] == "PURGE" && purge["Nats-Rollup"] == "sub")
        #expect(KeyValueRequests.directGet(bucket: "b", key: "k.1") == "$JS.API.DIRECT.GET.KV_b.$KV.b.k.1")
    }

    @Test func aPubAckGivesTheRevisionAndAnAPIErrorIsTyped() throws {
        #expect(try JetStreamReply.acknowledgedSequence(bytes(#"{"stream":"KV_b","seq":42}"#)) == 42)

        let wrong = #"{"error":{"code":400,"err_code":10071,"description":"wrong last sequence: 41"}}"#
        #expect {
            try JetStreamReply.acknowledgedSequence(bytes(wrong))
        } throws: { error in
            guard case .api(let api) = error as? JetStreamError else { return false }
            return api == JetStreamAPIError(code: 400, errorCode: 10071, detail: "wrong last sequence: 41")
        }
        #expect {
            try JetStreamReply.object(bytes(#"{"error":{"code":503,"err_code":10039,"description":"jetstream not enabled for account"}}"#))
        } throws: { error in
            if case .notEnabled = error as? JetStreamError { true } else { false }
        }
        for garbage in ["", "[1]", #"{"stream":"KV_b"}"#, #"{"seq":0}"#] {
            #expect {
                try JetStreamReply.acknowledgedSequence(bytes(garbage))
            } throws: { error in
                if case .badReply = error as? JetStreamError { true } else { false }
            }
        }
    }

    private func directGet(_ fields: [(String, String)], status: Int? = nil, payload: String = "") -> NATSMessage {
        NATSMessage(subject: "_INBOX.x.1", sid: 1, headers: NATSHeaders(fields, status: status), payload: bytes(payload))
    }

    @Test func aDirectGetGivesTheValueItsRevisionAndWhetherItIsADeleteMarker() throws {
        let stored = [("Nats-Stream", "KV_b"), ("Nats-Subject", "$KV.b.group.x"), ("Nats-Sequence", "9"), ("Nats-Time-Stamp", "t")]

        let put = try KeyValueEntry.fromDirectGet(directGet(stored, payload: "v"), bucket: "b")
        let deleted = try KeyValueEntry.fromDirectGet(directGet(stored + [("KV-Operation", "DEL")]), bucket: "b")

        #expect(put == KeyValueEntry(key: "group.x", value: bytes("v"), revision: 9))
        #expect(deleted?.operation == .delete)
        #expect(try KeyValueEntry.fromDirectGet(directGet([], status: 404), bucket: "b") == nil)
    }

    @Test func aDirectGetWithAnotherStatusOrWithoutItsHeadersIsAnError() {
        #expect(throws: JetStreamError.self) { try KeyValueEntry.fromDirectGet(self.directGet([], status: 408), bucket: "b") }
        #expect(throws: JetStreamError.self) {
            try KeyValueEntry.fromDirectGet(self.directGet([("Nats-Subject", "$KV.b.k")]), bucket: "b")
        }
        #expect(throws: JetStreamError.self) {
            try KeyValueEntry.fromDirectGet(self.directGet([("Nats-Subject", "$KV.other.k"), ("Nats-Sequence", "1")]), bucket: "b")
        }
        #expect(throws: JetStreamError.self) {
            try KeyValueEntry.fromDirectGet(NATSMessage(subject: "_INBOX.x.1", sid: 1, payload: []), bucket: "b")
        }
    }

    @Test func theStreamsSubjectsAreReadAsKeysWithTheirTotal() throws {
        let info = #"{"total":3,"offset":0,"limit":100000,"state":{"messages":4,"subjects":{"$KV.b.g.1":2,"$KV.b.g.2":1}}}"#
        let page = try KeyValueRequests.subjectsPage(bytes(info), bucket: "b")
        #expect(page.keys == ["g.1", "g.2"] && page.total == 3)
        #expect(try KeyValueRequests.subjectsPage(bytes(#"{"total":0,"state":{"messages":0}}"#), bucket: "b").keys.isEmpty)
        let request = try JSONParser.parse(KeyValueRequests.subjectsRequest(bucket: "b", filter: "g.>", offset: 2))
        #expect(JSONField(request)["subjects_filter"].stringValue == "$KV.b.g.>" && JSONField(request)["offset"].integerValue == 2)
    }

    @Test func aConditionalWriteNamesTheStreamsLastSequenceReadFromItsInfo() throws {
        let headers = try #require(KeyValueRequests.writeHeaders(.put, expectedRevision: 4, expectedStreamSequence: 9))
        #expect(headers["Nats-Expected-Last-Subject-Sequence"] == "4" && headers["Nats-Expected-Last-Sequence"] == "9")
        #expect(try KeyValueRequests.streamLastSequence(bytes(#"{"config":{},"state":{"messages":3,"last_seq":9}}"#)) == 9)
        #expect(throws: JetStreamError.self) { try KeyValueRequests.streamLastSequence(self.bytes(#"{"state":{}}"#)) }
    }

    @Test func theLeadersLastMessageOfAKeyGivesItsRevisionOrZeroWhenThereIsNone() throws {
        #expect(try KeyValueRequests.messageSequence(bytes(#"{"message":{"subject":"$KV.b.k","seq":12,"time":"t"}}"#)) == 12)
        let none = #"{"error":{"code":404,"err_code":10037,"description":"no message found"}}"#
        #expect(try KeyValueRequests.messageSequence(bytes(none)) == 0)
        #expect(throws: JetStreamError.self) { try KeyValueRequests.messageSequence(self.bytes(#"{"message":{}}"#)) }
        let request = try JSONParser.parse(KeyValueRequests.lastMessageRequest(bucket: "b", key: "k"))
        #expect(JSONField(request)["last_by_subj"].stringValue == "$KV.b.k")
    }

    @Test func theLeadersAnswerForAKeyGivesItsValueRevisionAndMarker() throws {
        // "v" and "NATS/1.0\r\nKV-Operation: DEL\r\n\r\n" in standard base64, as nats-server writes them
        let put = #"{"message":{"subject":"$KV.b.group.x","seq":9,"data":"dg==","time":"t"}}"#
        let deleted = #"{"message":{"subject":"$KV.b.k","seq":10,"hdrs":"TkFUUy8xLjANCktWLU9wZXJhdGlvbjogREVMDQoNCg==","time":"t"}}"#
        #expect(try KeyValueEntry.fromMessageGet(bytes(put), bucket: "b") == KeyValueEntry(key: "group.x", value: bytes("v"), revision: 9))
        #expect(try KeyValueEntry.fromMessageGet(bytes(deleted), bucket: "b")?.operation == .delete)
        let none = #"{"error":{"code":404,"err_code":10037,"description":"no message found"}}"#
        #expect(try KeyValueEntry.fromMessageGet(bytes(none), bucket: "b") == nil)
        #expect(throws: JetStreamError.self) {
            try KeyValueEntry.fromMessageGet(self.bytes(#"{"message":{"subject":"$KV.other.k","seq":3}}"#), bucket: "b")
        }
    }
}
