import MateRunCrypto
import MateRunDomain
import MateRunNATS

/// A creator's side of asking a group service for a group: the join code's secret and the
/// starter's key stay with the creator; the service gets their public halves and answers with
/// the watch code, signed by the group's key (whose fingerprint it is).
package struct GroupServiceRequest: Sendable {
    /// What asking can find besides a group.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No instance of the service listens on the server (or none answered in time).
        case noService
        /// A service answered no, with its reason.
        case refused(String)
        /// The answer is not a service's group for this request (unsigned, or for another).
        case forgedAnswer
        case unusable(String)

        package var description: String {
            switch self {
            case .noService: "no materun group service answers on the server (start one with materun serve)"
            case .refused(let reason): "the group service refused: \(reason)"
            case .forgedAnswer: "the answer to the request is not signed by the group it names (dropped)"
            case .unusable(let why): why
            }
        }
    }

    /// The group's codes (the secret is the creator's own).
    package let codes: GroupCodes
    /// Signs the group's start.
    private let starter: GroupSigner

    /// Asks the service on `client` for a group on `terms`, waiting `within` for an answer.
    package static func ask(client: NATSClient, terms: GroupTerms, within: Duration = .seconds(1)) async throws(Failure) -> GroupServiceRequest {
        let secret: String
        let joinKey: GroupJoinKey
        let starter: GroupSigner
        do {
            secret = try GroupCodes.newSecret()
            joinKey = try GroupJoinKey(secret: secret)
            starter = try GroupSigner()
        } catch {
            throw .unusable("\(error)")
        }
        let joinKeyText = Base64URL.encode(joinKey.publicKey.rawBytes)
        let request = GroupServiceWire.createRequest(.init(terms: terms, joinKey: joinKeyText, starterKey: starter.publicKeyText))
        let answer: NATSMessage
        do {
            answer = try await client.request(GroupServiceNames.createSubject, payload: request, timeout: within)
        } catch .noResponders, .timedOut {
            throw .noService
        } catch {
            throw .unusable("\(error)")
        }
        if let reason = GroupServiceWire.refusal(answer.payload) { throw .refused(reason) }
        guard let watch = GroupServiceWire.created(answer.payload, joinKey: joinKeyText), let key = GroupSignature.key(in: answer.headers),
            (try? GroupCodes.fingerprint(of: key)) == watch,
            GroupSignature.isValid(answer.headers, subject: GroupServiceNames.createSubject, payload: answer.payload, key: key)
        else { throw .forgedAnswer }
        return GroupServiceRequest(codes: GroupCodes(watch: watch, secret: secret), starter: starter)
    }

    /// Starts the group now (the creator pressed Enter): a start signed by the starter's key.
    package func start(on client: NATSClient) {
        let subject = GroupSubjects(code: codes.watch).start
        guard let headers = try? starter.headers(subject: subject, payload: GroupServiceWire.start, withKey: false) else { return }
        try? client.publish(subject, payload: GroupServiceWire.start, headers: headers)
    }
}
