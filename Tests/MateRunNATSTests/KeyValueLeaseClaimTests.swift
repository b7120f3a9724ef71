import MateRunNATS
import Testing

/// Who holds a lease and when a contender may take it over, by one contender's clock.
@Suite struct KeyValueLeaseClaimTests {
    private func entry(_ holder: String, revision: UInt64) -> KeyValueEntry {
        KeyValueEntry(key: "lease", value: Array(holder.utf8), revision: revision)
    }

    @Test func anEmptyKeyIsCreatedAndOnesOwnNameIsRenewed() {
        var claim = KeyValueLeaseClaim(contender: "b", term: .seconds(5))
        #expect(claim.step(after: nil, at: .zero) == .create)
        #expect(claim.step(after: entry("b", revision: 4), at: .seconds(1)) == .held(revision: 4))
    }

    @Test func aRevisionThatStoodStillForATermIsTakenOverAndNotBefore() {
        // Given a contender that first saw a's revision 7 at 10 s
        var claim = KeyValueLeaseClaim(contender: "b", term: .seconds(5))
        #expect(claim.step(after: entry("a", revision: 7), at: .seconds(10)) == .wait(holder: "a"))

        // Then it waits while less than the term has passed, and takes over once it has
        #expect(claim.step(after: entry("a", revision: 7), at: .milliseconds(14_999)) == .wait(holder: "a"))
        #expect(claim.step(after: entry("a", revision: 7), at: .seconds(15)) == .takeOver(revision: 7, from: "a"))
    }

    @Test func aRenewalStartsTheWaitAgain() {
        var claim = KeyValueLeaseClaim(contender: "b", term: .seconds(5))
        _ = claim.step(after: entry("a", revision: 7), at: .seconds(10))

        // When a renews (revision 8) at 14 s, the 5 s count from then
        #expect(claim.step(after: entry("a", revision: 8), at: .seconds(14)) == .wait(holder: "a"))
        #expect(claim.step(after: entry("a", revision: 8), at: .seconds(18)) == .wait(holder: "a"))
        #expect(claim.step(after: entry("a", revision: 8), at: .seconds(19)) == .takeOver(revision: 8, from: "a"))
    }
}
