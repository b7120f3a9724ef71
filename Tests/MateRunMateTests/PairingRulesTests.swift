import MateRunDomain
import Testing
@testable import MateRunMate

/// The socket-free parts of pairing: who the host lets in, what is resent after a drop, and how
/// long the joiner waits between attempts.
struct PairingRulesTests {
    @Test func wrongCodesFromManyAddressesSpendTheCodeEvenForTheRightOne() {
        // Given a host nobody has paired with yet
        var admission = HostAdmission(code: "482913", hostName: "Ben")
        // When a sweep from as many addresses as the budget guesses wrong, each under its throttle
        for guess in 0..<MateProtocol.wrongCodeBudget {
            let decision = admission.decide(MateHello(name: "Eve", code: String(guess)), from: "10.1.0.\(guess)", now: 1)
            #expect(decision.reason == .wrongCode)
        }
        // Then the code is spent: even the right code is refused, so a lucky guess gains nothing
        #expect(admission.isCodeSpent)
        let refusal = admission.decide(MateHello(name: "Ana", code: "482913"), from: "10.0.0.1", now: 2)
        #expect(refusal.reason == .codeSpent)
    }

    @Test func onceAMateIsPairedGuessesAreBusyAndAStolenSessionNeedsTheCodeToo() {
        // Given a host whose joiner paired as session s1
        var admission = HostAdmission(code: "482913", hostName: "Ben")
        #expect(admission.decide(MateHello(name: "Ana", code: "482913"), from: "10.0.0.1", now: 0) == .newSession)
        admission.seat("s1")
        // When others guess codes, or resume the stolen session with a wrong code
        for guess in 0..<MateProtocol.wrongCodeBudget {
            #expect(admission.decide(MateHello(name: "Eve", code: String(guess)), from: "10.1.0.\(guess)", now: 1).reason == .busy)
        }
        let stolen = MateHello(name: "Eve", code: "000000", resume: MateResume(sessionID: "s1", lastReceivedSeq: 0))
        #expect(admission.decide(stolen, from: "10.3.0.1", now: 1).reason == .wrongCode)
        // Then the paired mate still resumes with the code and its session
        let resume = MateHello(name: "Ana", code: "482913", resume: MateResume(sessionID: "s1", lastReceivedSeq: 3))
        #expect(admission.decide(resume, from: "10.0.0.1", now: 3) == .resume(lastReceivedSeq: 3))
    }

    @Test func theHostChecksVersionThenBusyThenThrottleThenCodeThenSession() {
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
        #expect(admission.decide(MateHello(name: "Ana", code: "0", resume: resume.resume), from: "a", now: 2).reason == .wrongCode)
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
