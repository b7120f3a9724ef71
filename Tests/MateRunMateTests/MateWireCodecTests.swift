import MateRunDomain
import Testing
@testable import MateRunMate

@Suite struct MateWireCodecTests {
    static let everyMessage: [MateMessage] = [
        .hello(MateHello(name: "Ana", code: "482913")),
        .hello(MateHello(name: "Ana \"quoted\" \\ ü 🏃\n", code: "482913", resume: MateResume(sessionID: "s-7f3a", lastReceivedSeq: 41))),
        .welcome(MateWelcome(sessionID: "s-7f3a", name: "Ben")),
        .welcome(MateWelcome(sessionID: "s-7f3a", name: "Ben", resumedLastReceivedSeq: 17)),
        .hello(MateHello(name: "Cy", code: "482913", sport: .cycling)),
        .welcome(MateWelcome(sessionID: "s-7f3a", name: "Ben", sport: .walking)),
        .refused(MateRefusal(reason: .wrongCode, message: "wrong pairing code")),
        .refused(MateRefusal(reason: .throttled, message: "too many wrong codes", retryAfterMilliseconds: 5000)),
        .terms(MateTerms(mode: .race, goalMetres: 5000)),
        .terms(MateTerms(mode: .team, goalMetres: 10_000.5, speed: 8)),
        .accept,
        .ping(id: 1),
        .pong(id: 9_007_199_254_740_991),
        .start(inMilliseconds: 2_960),
        .progress(MateProgress(seq: 12, elapsedSeconds: 61.25, movingSeconds: 58.5, distanceMetres: 203.4172, caloriesKilocalories: 14.03, paused: false)),
        .progress(MateProgress(seq: 13, elapsedSeconds: 1e-7, movingSeconds: 0, distanceMetres: 0.1 + 0.2, caloriesKilocalories: 0, paused: true)),
        .state(seq: 14, .paused),
        .state(seq: 15, .resumed),
        .state(seq: 16, .cancelled),
        .state(seq: 17, .finished(MateFinish(reachedGoal: true, elapsedSeconds: 1534.2, distanceMetres: 5000))),
        .heartbeat(seq: nil),
        .heartbeat(seq: 17),
        .bye(MateGoodbye(reason: .finished, message: "run finished")),
        .bye(MateGoodbye(reason: MateReason(rawValue: "some_future_reason"), message: "")),
    ]

    @Test(arguments: everyMessage)
    func everyMessageRoundTrips(_ message: MateMessage) throws {
        let frame = MateWireCodec.encode(message)
        #expect(frame.last == UInt8(ascii: "\n"))
        #expect(frame.dropLast().contains(UInt8(ascii: "\n")) == false)
        #expect(try MateWireCodec.decode(Array(frame.dropLast())) == message)
    }

    @Test(arguments: everyMessage)
    func typeIsTheFirstField(_ message: MateMessage) {
        let text = String(decoding: MateWireCodec.encode(message), as: UTF8.self)
        #expect(text.hasPrefix(#"{"type":""#))
    }

    @Test func progressIsEncodedExactlyAsProtocolMdShows() {
        let message = MateMessage.progress(MateProgress(
            seq: 12, elapsedSeconds: 61, movingSeconds: 58.5, distanceMetres: 203.4, caloriesKilocalories: 14.1, paused: false))
        let text = String(decoding: MateWireCodec.encode(message), as: UTF8.self)
        #expect(text == #"{"type":"progress","seq":12,"elapsed_s":61,"moving_s":58.5,"distance_m":203.4,"kcal":14.1,"paused":false}"# + "\n")
    }

    @Test func unknownFieldsAreIgnored() throws {
        let frame = #"{"type":"ping","id":3,"sent_at":{"nested":[1,2,{"x":null}]},"extra":"yes"}"#
        #expect(try MateWireCodec.decode(Array(frame.utf8)) == .ping(id: 3))
    }

    @Test func fieldOrderAndWhitespaceDoNotMatter() throws {
        let frame = #"  { "id" : 4 ,\#t"type" : "pong" }  "#
        #expect(try MateWireCodec.decode(Array(frame.utf8)) == .pong(id: 4))
    }

    @Test func speedMayBeNullOrAbsent() throws {
        let absent = #"{"type":"terms","mode":"team","goal_m":3000}"#
        #expect(try MateWireCodec.decode(Array(absent.utf8)) == .terms(MateTerms(mode: .team, goalMetres: 3000)))
    }

    @Test func unknownTypeIsItsOwnError() {
        #expect(throws: MateWireError.unknownType("emoji")) {
            try MateWireCodec.decode(Array(#"{"type":"emoji","emoji":"🏃"}"#.utf8))
        }
    }

    @Test func escapedUnicodeDecodes() throws {
        let frame = #"{"type":"bye","reason":"finished","message":"\u00e9\ud83c\udfc3\n\"x\"\/"}"#
        #expect(try MateWireCodec.decode(Array(frame.utf8)) == .bye(MateGoodbye(reason: .finished, message: "é🏃\n\"x\"/")))
    }

    @Test func nonFiniteNumbersAreWrittenAsNullSoTheReceiverRefusesThem() {
        let frame = MateWireCodec.encode(.terms(MateTerms(mode: .race, goalMetres: .infinity)))
        #expect(throws: MateWireError.missingField(type: "terms", field: "goal_m")) {
            try MateWireCodec.decode(Array(frame.dropLast()))
        }
    }
}
