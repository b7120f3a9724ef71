import MateRunDomain
import Testing
@testable import MateRunMate

@Suite("hello and welcome declare the sport; names are bounded in bytes as well as characters")
struct DeclaredSportAndNameLimitTests {
    private func decode(_ text: String) throws -> MateMessage {
        try MateWireCodec.decode(Array(text.utf8))
    }

    @Test func aHelloWithoutSportIsARunnerAndIsWrittenWithoutIt() throws {
        let frame = #"{"type":"hello","version":1,"name":"Ana","code":"482913"}"#
        #expect(try decode(frame) == .hello(MateHello(name: "Ana", code: "482913", sport: .running)))
        #expect(MateWireCodec.encode(try decode(frame)) == Array((frame + "\n").utf8))
    }

    @Test func aCyclistSaysSoInItsHelloAndWelcome() throws {
        #expect(try decode(#"{"type":"hello","version":1,"name":"Cy","code":"1","sport":"cycling"}"#)
            == .hello(MateHello(name: "Cy", code: "1", sport: .cycling)))
        #expect(try decode(#"{"type":"welcome","session_id":"s","name":"Ben","resumed":false,"sport":"cycling"}"#)
            == .welcome(MateWelcome(sessionID: "s", name: "Ben", sport: .cycling)))
    }

    @Test func anUnknownSportIsABadFrame() {
        #expect(throws: MateWireError.self) {
            try decode(#"{"type":"hello","version":1,"name":"Ana","code":"1","sport":"skating"}"#)
        }
    }

    @Test func aNameOfOneCharacterButThousandsOfBytesIsRefused() {
        // Given a name that is one grapheme: "a" and 3 000 combining acute accents (6 KB)
        let name = "a" + String(repeating: "\u{301}", count: 3000)
        #expect(name.count == 1)
        // When it arrives in a hello, then the frame is refused for its bytes
        #expect(throws: MateWireError.invalidValue(type: "hello", field: "name", detail: "is longer than 256 bytes")) {
            try decode(#"{"type":"hello","version":1,"name":"\#(name)","code":"1"}"#)
        }
    }
}
