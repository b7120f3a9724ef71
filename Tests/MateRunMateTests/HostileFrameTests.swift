import MateRunDomain
import Testing
@testable import MateRunMate

/// Frames a broken or hostile peer might send: each must fail with an error that says what is
/// wrong, never crash or be taken for a valid message.
@Suite struct HostileFrameTests {
    private func decode(_ text: String) throws(MateWireError) -> MateMessage {
        try MateWireCodec.decode(Array(text.utf8))
    }

    @Test(arguments: [
        "{", "{\"type\":", "{\"type\":\"ping\",}", "{type:\"ping\"}", "{\"type\":\"ping\"} x",
        "{\"type\":'ping'}", "{\"type\":\"ping\",\"id\":01}", "{\"type\":\"ping\",\"id\":-}",
        "{\"type\":\"ping\",\"id\":1.}", "{\"type\":\"p\\x\"}", "{\"type\":\"\\ud800\"}", "{\"a\":tru}",
        "{\"type\":\"ping\",\"id\":NaN}", "{\"type\":\"ping\",\"id\":Infinity}", "{\"a\":\"tab\there\"}",
    ])
    func malformedJSONIsRefused(_ text: String) {
        #expect {
            try decode(text)
        } throws: { error in
            guard case MateWireError.malformedJSON = error else { return false }
            return true
        }
    }

    @Test func garbageBytesAreRefused() {
        #expect(throws: MateWireError.self) {
            try MateWireCodec.decode([0x00, 0xFF, 0x13, 0x37, 0x7B])
        }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        var frame = Array(#"{"type":"bye","reason":"x","message":""#.utf8)
        frame += [0xC3, 0x28]
        frame += Array(#""}"#.utf8)
        #expect(throws: MateWireError.invalidUTF8) { try MateWireCodec.decode(frame) }
    }

    @Test func aFrameThatIsNotUTF8AnywhereIsRefusedAsSuch() {
        // Given bytes that are not UTF-8 outside any string (the socket's framing passes them on)
        let frame: [UInt8] = [UInt8(ascii: "{"), 0xFF, 0xFE, UInt8(ascii: "}")]
        // Then both decoding paths name the encoding, not a JSON syntax error
        #expect(throws: MateWireError.invalidUTF8) { try MateWireCodec.decode(frame) }
        #expect(throws: MateWireError.invalidUTF8) { try MateWireCodec.decode(frame) }
    }

    @Test(arguments: ["[1,2,3]", "\"ping\"", "42", "null", "true"])
    func nonObjectsAreRefused(_ text: String) {
        #expect(throws: MateWireError.notAnObject) { try decode(text) }
    }

    @Test(arguments: [#"{"id":1}"#, #"{"type":7}"#, #"{"type":null}"#])
    func aMissingOrNonStringTypeIsRefused(_ text: String) {
        #expect(throws: MateWireError.missingType) { try decode(text) }
    }

    @Test(arguments: [
        (#"{"type":"ping","id":"3"}"#, MateWireError.wrongFieldType(type: "ping", field: "id", expected: "an integer")),
        (#"{"type":"ping","id":3.0}"#, .wrongFieldType(type: "ping", field: "id", expected: "an integer")),
        (#"{"type":"ping","id":true}"#, .wrongFieldType(type: "ping", field: "id", expected: "an integer")),
        (#"{"type":"hello","version":1,"name":7,"code":"1"}"#, .wrongFieldType(type: "hello", field: "name", expected: "a string")),
        (#"{"type":"progress","seq":1,"elapsed_s":"NaN","moving_s":0,"distance_m":0,"kcal":0,"paused":false}"#,
         .wrongFieldType(type: "progress", field: "elapsed_s", expected: "a number")),
        (#"{"type":"progress","seq":1,"elapsed_s":1,"moving_s":0,"distance_m":0,"kcal":0,"paused":0}"#,
         .wrongFieldType(type: "progress", field: "paused", expected: "a boolean")),
        (#"{"type":"terms","mode":["race"],"goal_m":5000}"#, .wrongFieldType(type: "terms", field: "mode", expected: "a string")),
    ] as [(String, MateWireError)])
    func wrongFieldTypesNameTheField(_ text: String, _ expected: MateWireError) {
        #expect(throws: expected) { try decode(text) }
    }

    @Test(arguments: [
        (#"{"type":"ping"}"#, MateWireError.missingField(type: "ping", field: "id")),
        (#"{"type":"hello","version":1,"name":"Ana"}"#, .missingField(type: "hello", field: "code")),
        (#"{"type":"hello","version":1,"name":"A","code":"1","session_id":"s"}"#, .missingField(type: "hello", field: "last_received_seq")),
        (#"{"type":"welcome","session_id":"s","name":"B","resumed":true}"#, .missingField(type: "welcome", field: "last_received_seq")),
        (#"{"type":"progress","seq":1,"elapsed_s":1,"moving_s":0,"distance_m":0,"paused":false}"#, .missingField(type: "progress", field: "kcal")),
        (#"{"type":"state","seq":3,"state":"finished","reached_goal":true,"elapsed_s":9}"#, .missingField(type: "state", field: "distance_m")),
        (#"{"type":"start","in_ms":null}"#, .missingField(type: "start", field: "in_ms")),
    ] as [(String, MateWireError)])
    func missingFieldsAreNamed(_ text: String, _ expected: MateWireError) {
        #expect(throws: expected) { try decode(text) }
    }

    @Test(arguments: [
        (#"{"type":"ping","id":99999999999999999999999}"#, "ping", "id"),
        (#"{"type":"ping","id":-1}"#, "ping", "id"),
        (#"{"type":"heartbeat","seq":9007199254740992}"#, "heartbeat", "seq"),
        (#"{"type":"start","in_ms":86400000}"#, "start", "in_ms"),
        (#"{"type":"terms","mode":"race","goal_m":1e400}"#, "terms", "goal_m"),
        (#"{"type":"terms","mode":"race","goal_m":0}"#, "terms", "goal_m"),
        (#"{"type":"terms","mode":"relay","goal_m":5000}"#, "terms", "mode"),
        (#"{"type":"terms","mode":"race","goal_m":5000,"speed":-2}"#, "terms", "speed"),
        (#"{"type":"progress","seq":1,"elapsed_s":-5,"moving_s":0,"distance_m":0,"kcal":0,"paused":false}"#, "progress", "elapsed_s"),
        (#"{"type":"state","seq":1,"state":"exploded"}"#, "state", "state"),
    ] as [(String, String, String)])
    func impossibleValuesAreRefused(_ text: String, _ type: String, _ field: String) {
        #expect {
            try decode(text)
        } throws: { error in
            guard case MateWireError.invalidValue(type, field, _) = error else { return false }
            return true
        }
    }

    @Test func overlongStringsAreRefused() {
        let name = String(repeating: "a", count: 65)
        #expect {
            try decode(#"{"type":"hello","version":1,"name":"\#(name)","code":"1"}"#)
        } throws: { error in
            guard case MateWireError.invalidValue("hello", "name", _) = error else { return false }
            return true
        }
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let deep = #"{"type":"ping","id":1,"x":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: MateWireError.self) { try decode(deep) }
    }

    @Test func everyErrorSaysWhatIsWrong() {
        #expect(MateWireError.wrongFieldType(type: "ping", field: "id", expected: "an integer").description
            == #"ping: field "id" must be an integer"#)
        #expect(MateWireError.frameTooLarge(limit: 16_384).reason == .frameTooLarge)
        #expect(MateWireError.notAnObject.reason == .badFrame)
    }
}
