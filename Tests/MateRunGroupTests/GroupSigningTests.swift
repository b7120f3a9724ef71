import MateRunCrypto
import MateRunDomain
@testable import MateRunGroup
import MateRunNATS
import Testing

/// The group's codes and signatures, against values computed independently (Python's hashlib
/// and PyNaCl from the same seed), and the check every runner and watcher makes.
@Suite struct GroupSigningTests {
    /// The key of the seed 0, 1, …, 31.
    private let signer = try! GroupSigner(seed: Array(0..<32))

    @Test func theWatchCodeIsTheKeysFingerprintAsPythonComputesIt() throws {
        #expect(signer.publicKeyText == "A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg")
        #expect(try GroupCodes.fingerprint(of: signer.publicKey) == "kzdvvj2umnduyauf")
        let headers = try signer.headers(subject: "materun.group.x.board", payload: Array("{}".utf8), withKey: false)
        #expect(headers["Sig"] == "fEHBuBEOJ5Ynv5LnWD_-mc3Md0oAwCNp7gVJYD3ZAuklVdzW6Rb8Ia2A8sKpKP5r729noEa8jskIwZJEfYGSBw")
        #expect(headers["Key"] == nil)
    }

    @Test func aNewGroupsJoinCodeIsItsWatchCodeADashAndTwelveLettersOrDigits() throws {
        let codes = try GroupCodes.new(for: signer.publicKey)
        #expect(codes.watch == "kzdvvj2umnduyauf")
        let join = try #require(codes.join)
        #expect(join.count == 29 && join.hasPrefix("kzdvvj2umnduyauf-"))
        #expect(GroupCodes(parsing: join) == codes)
        #expect(GroupCodes(parsing: codes.watch) == GroupCodes(watch: codes.watch, secret: nil))
        #expect(GroupCodes(parsing: codes.watch)?.join == nil)
    }

    @Test(arguments: ["", "kzdvvj2umnduyau", "kzdvvj2umnduyauf-", "kzdvvj2umnduyauf-abc", "KZDVVJ2UMNDUYAUF", "kzdvvj2umnduyau1",
                      "kzdvvj2umnduyauf-abcdefghijk!", "kzdvvj2umnduyauf-abcdefghijkl-x"])
    func whatIsNotACodeIsRefused(_ text: String) {
        #expect(GroupCodes(parsing: text) == nil)
    }

    @Test func base64URLReadsBackWithoutPaddingAndRefusesOtherAlphabets() {
        for count in 0..<8 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 77 + 250) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("ab+/") == nil)
        #expect(Base64URL.decode("abc=") == nil)
    }

    /// A coordinator's message as it travels: payload, and headers signed for `subject`.
    private func message(_ subject: String, _ payload: String, by party: GroupSigner) throws -> NATSMessage {
        let bytes = Array(payload.utf8)
        return NATSMessage(
            subject: subject, sid: 1, headers: try party.headers(subject: subject, payload: bytes, withKey: true), payload: bytes)
    }

    @Test func aRunnerTakesTheCoordinatorsMessagesAndDropsForgedAlteredAndReplayedOnesCountingThem() throws {
        // Given a runner's check of the group whose watch code is the coordinator's fingerprint
        let dropped = GroupDropCount()
        var check = GroupCoordinatorCheck(watch: try GroupCodes.fingerprint(of: signer.publicKey), dropped: dropped)
        let control = "materun.group.kzdvvj2umnduyauf.control"
        let start = try message(control, #"{"type":"start","seq":5,"in_s":3.000}"#, by: signer)
        // When the coordinator's start comes, then it is taken
        let taken1 = check.accepts(start)
        #expect(taken1)
        // And the same start again (a replay), or an older one, is dropped
        let taken2 = check.accepts(start)
        #expect(!taken2)
        let taken3 = check.accepts(try message(control, #"{"type":"stop","seq":4}"#, by: signer))
        #expect(!taken3)
        // And a stranger's key, even carried in the header, does not speak for the coordinator
        let stranger = try GroupSigner(seed: Array(repeating: 7, count: 32))
        let taken4 = check.accepts(try message(control, #"{"type":"stop","seq":9}"#, by: stranger))
        #expect(!taken4)
        // And an altered copy (a figure changed, the signature kept) or a copy without its signature is dropped
        var altered = try message(control, #"{"type":"stop","seq":10}"#, by: signer)
        altered.payload = Array(#"{"type":"stop","seq":11}"#.utf8)
        let taken5 = check.accepts(altered)
        #expect(!taken5)
        var unsigned = try message(control, #"{"type":"stop","seq":12}"#, by: signer)
        unsigned.headers = nil
        let taken6 = check.accepts(unsigned)
        #expect(!taken6)
        // And a message signed for another subject is dropped on this one
        var moved = try message("materun.group.kzdvvj2umnduyauf.board", #"{"type":"stop","seq":13}"#, by: signer)
        moved.subject = control
        let taken7 = check.accepts(moved)
        #expect(!taken7)
        #expect(dropped.value == 6)
        // And the coordinator's next message is still taken
        let taken8 = check.accepts(try message(control, #"{"type":"stop","seq":14}"#, by: signer))
        #expect(taken8)
    }
}
