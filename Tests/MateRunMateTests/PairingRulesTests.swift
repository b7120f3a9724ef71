import MateRunDomain
import Testing
@testable import MateRunMate

/// The socket-free parts of pairing: who the host lets in, what is resent after a drop, and how
/// long the joiner waits between attempts.
struct PairingRulesTests {
    @Test func wrongCodesFromManyAddressesAreARateThatSlowsASweepButNeverEndsTheHost() {
        // Given a host nobody has paired with yet
        var admission = HostAdmission(code: "482913", hostName: "Ben")
        // When a sweep from as many addresses as the burst allows guesses wrong, each under its throttle
        for guess in 0..<MateProtocol.wrongCodeBurst {
            let decision = admission.decide(MateHello(name: "Eve", code: String(guess)), from: "10.1.0.\(guess)", now: 1)
            #expect(decision.reason == .wrongCode)
        }
        // Then the next hello from anywhere is told when to retry, and nothing else
        let refusal = admission.decide(MateHello(name: "Ana", code: "482913"), from: "10.0.0.1", now: 2)
        guard case .refuse(let refused) = refusal else { Issue.record("admitted during a sweep"); return }
        #expect(refused.reason == .throttled)
        #expect(refused.message == "too many wrong codes from everywhere; retry in 5 s")
        #expect(refused.retryAfterMilliseconds == 5000)
        // And once the rate has room again, the right code pairs
        #expect(admission.decide(MateHello(name: "Ana", code: "482913"), from: "10.0.0.1", now: 7) == .newSession)
    }

    @Test func onceAMateIsPairedGuessesAreBusyAndAStolenSessionNeedsTheCodeToo() {
        // Given a host whose joiner paired as session s1
        var admission = HostAdmission(code: "482913", hostName: "Ben")
        #expect(admission.decide(MateHello(name: "Ana", code: "482913"), from: "10.0.0.1", now: 0) == .newSession)
        admission.seat("s1")
        // When others guess codes, or resume the stolen session with a wrong code
        for guess in 0..<100 {
            #expect(admission.decide(MateHello(name: "Eve", code: String(guess)), from: "10.1.0.\(guess)", now: 1).reason == .busy)
        }
        let stolen = MateHello(name: "Eve", code: "000000", resume: MateResume(sessionID: "s1", lastReceivedSeq: 0))
        #expect(admission.decide(stolen, from: "10.3.0.1", now: 1).reason == .unknownSession)
        // Then the paired mate still resumes with the code and its session
        let resume = MateHello(name: "Ana", code: "482913", resume: MateResume(sessionID: "s1", lastReceivedSeq: 3))
        #expect(admission.decide(resume, from: "10.0.0.1", now: 3) == .resume(lastReceivedSeq: 3))
    }

    @Test func aResumeIsJudgedApartFromTheWrongCodesOfItsSharedAddress() {
        // Given a paired joiner behind a NAT, whose address others throttled with wrong resumes
        var admission = HostAdmission(code: "482913", hostName: "Ben")
        #expect(admission.decide(MateHello(name: "Ana", code: "482913"), from: "nat", now: 0) == .newSession)
        admission.seat("s1")
        for guess in 0..<10 {
            let wrong = MateHello(name: "Eve", code: String(guess), resume: MateResume(sessionID: "x\(guess)", lastReceivedSeq: 0))
            _ = admission.decide(wrong, from: "nat", now: 1)
        }
        #expect(admission.decide(MateHello(name: "Eve", code: "1", resume: MateResume(sessionID: "x", lastReceivedSeq: 0)),
                                 from: "nat", now: 1).reason == .throttled)
        // When the real joiner's connection drops and it resumes from the same address
        let resume = MateHello(name: "Ana", code: "482913", resume: MateResume(sessionID: "s1", lastReceivedSeq: 9))
        // Then it is let back at once
        #expect(admission.decide(resume, from: "nat", now: 2) == .resume(lastReceivedSeq: 9))
    }

    @Test func theHostChecksVersionThenResumeThenBusyThenThrottleThenRateThenCode() {
        var admission = HostAdmission(code: "482913", hostName: "Ben")
        let right = MateHello(name: "Ana", code: "482913")
        #expect(admission.decide(MateHello(version: 2, name: "Zed", code: "482913"), from: "a", now: 0).reason == .version)
        #expect(admission.decide(MateHello(name: "Ana", code: "482913", resume: MateResume(sessionID: "s", lastReceivedSeq: 0)), from: "a", now: 0).reason == .unknownSession)
        #expect(admission.decide(right, from: "a", now: 0) == .newSession)
        #expect(admission.decide(MateHello(name: "Eve", code: "0"), from: "b", now: 0).reason == .busy)
        admission.vacate()
        for _ in 1...MateProtocol.wrongCodesBeforeThrottle {
            #expect(admission.decide(MateHello(name: "Eve", code: "0"), from: "b", now: 0).reason == .wrongCode)
        }
        #expect(admission.decide(right, from: "b", now: 1).reason == .throttled)
        #expect(admission.decide(right, from: "a", now: 1) == .newSession)
        admission.seat("s1")
        let resume = MateHello(name: "Ana", code: "482913", resume: MateResume(sessionID: "s1", lastReceivedSeq: 7))
        #expect(admission.decide(resume, from: "a", now: 2) == .resume(lastReceivedSeq: 7))
        #expect(admission.decide(MateHello(name: "Ana", code: "0", resume: resume.resume), from: "a", now: 2).reason == .unknownSession)
    }

    @Test func eachKindOfNoticeIsLoggedOncePerIntervalWithACount() {
        // Given a tally of 10 s
        var tally = NoticeTally(interval: 10)
        // When 5 256 busy refusals and 2 wrong codes arrive within 3 s
        var lines: [String] = []
        for attempt in 0..<5256 {
            lines += tally.record("refused hellos: busy", "refused 10.0.0.\(attempt % 200): busy", now: Double(attempt) / 2000)
        }
        lines += tally.record("refused hellos: wrong_code", "refused 10.0.0.9: wrong pairing code", now: 3)
        lines += tally.record("refused hellos: wrong_code", "refused 10.0.0.9: wrong pairing code", now: 3)
        // Then one line each, and the count comes with the next line after the interval, or at the end
        #expect(lines == ["refused 10.0.0.0: busy", "refused 10.0.0.9: wrong pairing code"])
        #expect(tally.record("refused hellos: busy", "refused 10.0.0.1: busy", now: 12)
            == ["5255 more like it in 12 s: refused hellos: busy", "refused 10.0.0.1: busy"])
        #expect(tally.flush(now: 13) == ["1 more like it in 10 s: refused hellos: wrong_code"])
    }

    @Test func afterAResumeOnlyUnconfirmedStatesAndTheLatestNewerProgressAreResent() {
        var buffer = MateResendBuffer()
        #expect(buffer.latestSeq == nil)
        buffer.record(progress(1))
        buffer.record(.state(seq: 2, .paused))
        buffer.record(progress(3))
        buffer.record(.state(seq: 4, .resumed))
        buffer.record(progress(5))
        #expect(buffer.latestSeq == 5)
        #expect(buffer.unconfirmed(after: 1) == [.state(seq: 2, .paused), .state(seq: 4, .resumed), progress(5)])
        #expect(buffer.unconfirmed(after: 4) == [progress(5)])
        #expect(buffer.unconfirmed(after: 5).isEmpty)
        #expect(buffer.unconfirmed(after: 0) == [progress(5)], "confirmed states are forgotten, the latest progress is kept")
    }

    @Test func reconnectDelaysDoubleUpToTheCeiling() {
        var backoff = ReconnectBackoff(initial: .milliseconds(250), ceiling: .seconds(4))
        let delays = (1...7).map { _ in backoff.nextDelay() }
        #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
    }
}

extension HostAdmission.Decision {
    /// The refusal's reason, nil when admitted.
    var reason: MateReason? {
        if case .refuse(let refusal) = self { return refusal.reason }
        return nil
    }
}
