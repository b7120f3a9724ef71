@testable import MateRunApp
import MateRunGroup
import MateRunJSON
import Testing

@Suite("serve's readiness and log lines")
struct ServiceHealthTests {
    @Test func readyOnlyWhenConnectedWithTheBucketAndServing() {
        // Given an instance as it comes up
        var state = ServiceHealth.State()
        #expect(ServiceHealth.readiness(state) == .init(ready: false, reason: "not connected to NATS"))
        state.natsConnected = true
        #expect(ServiceHealth.readiness(state).reason == "the groups' key-value bucket is not ready yet")
        state.bucketReady = true
        #expect(!ServiceHealth.readiness(state).ready)
        // When it serves, Then it is ready
        state.serving = true
        #expect(ServiceHealth.readiness(state).ready)
    }

    @Test func losingNATSMakesItUnreadyWithTheReasonAndComingBackCountsAReconnect() {
        // Given a ready instance
        let health = ServiceHealth()
        health.connected()
        health.bucketIsReady()
        health.servingNow()
        // When NATS goes away
        health.lostNATS("connection reset")
        // Then it is not ready, and says why
        #expect(ServiceHealth.readiness(health.current) == .init(ready: false, reason: "not connected to NATS (connection reset)"))
        // When NATS comes back, Then it is ready again and the reconnect is counted
        health.reconnected()
        #expect(ServiceHealth.readiness(health.current).ready)
        #expect(health.current.natsReconnects == 1)
        // And once stopping it is not ready
        health.stoppingNow()
        #expect(!ServiceHealth.readiness(health.current).ready)
    }

    @Test func aStoppingInstanceIsUnreadyWhateverElseHolds() {
        // Given an instance that is connected, with the bucket, serving
        let state = ServiceHealth.State(natsConnected: true, bucketReady: true, serving: true, stopping: true)
        // Then once told to stop it is not ready, and says it hands its groups over
        #expect(ServiceHealth.readiness(state) == .init(ready: false, reason: "stopping: handing groups over to the other instances"))
    }

    @Test func aJSONLogLineHasTimeLevelInstanceEventGroupAndFields() throws {
        // Given an event about a group
        let entry = GroupServiceLogEntry(.info, "group_taken_over", group: "abcdefghijklmnop", fields: ["runners": "3", "phase": "running"], "took up group abcdefghijklmnop: running, 3 runners")
        // When written as JSON
        let line = ServiceLogLine.line(entry, time: "2026-11-28T22:00:00.000Z", instance: "serve-a", format: .json)
        // Then it is one object with each part, the fields by name
        #expect(!line.contains("\n"))
        #expect(line == #"{"time":"2026-11-28T22:00:00.000Z","level":"info","instance":"serve-a","event":"group_taken_over","group":"abcdefghijklmnop","fields":{"phase":"running","runners":"3"},"message":"took up group abcdefghijklmnop: running, 3 runners"}"#)
        // And the text format is the line it always was
        #expect(ServiceLogLine.line(entry, time: "T", instance: "serve-a", format: .text) == "T materun serve serve-a: took up group abcdefghijklmnop: running, 3 runners")
    }

    @Test func anEventAboutNoGroupHasANullGroup() {
        let line = ServiceLogLine.line(GroupServiceLogEntry(.warning, "nats_lost", fields: ["reason": "x"], "lost"), time: "T", instance: "i", format: .json)
        #expect(line.contains(#""level":"warning""#) && line.contains(#""group":null"#))
    }
}
