/// What a group tells one of its runners, in order of arrival.
package enum GroupLinkEvent: Sendable, Equatable {
    /// The group starts: every runner counts down `inSeconds` wall seconds from hearing it.
    case start(inSeconds: Double)
    /// This runner's place and neighbours, about once a second while the group runs.
    case standing(GroupStanding)
    /// The whole group's board, about once a second; the one whose phase is `over` is the result.
    case board(GroupBoardMessage)
    /// The team reached its goal: stop running.
    case stop
    /// This runner is out, and why.
    case refused(reason: String)
}

/// One runner's connection to its group: the port the group run's rules are carried out
/// through, so that they know nothing of the wire or the server (the NATS membership is one;
/// tests use one in memory).
package protocol GroupLink: Sendable {
    /// This runner's id in the group (over NATS, the fingerprint of the key it signs with).
    var id: String { get }
    /// The terms the runner joined on.
    var terms: GroupTerms { get }
    /// What the group says, in order of arrival; a single reader.
    var events: AsyncStream<GroupLinkEvent> { get }
    /// Sends the runner's figures (the group expects at most one a second, and the finish at once).
    func report(_ report: GroupReport)
    /// Says goodbye and stops listening.
    func leave() async
    /// Stops listening; `events` ends.
    func close()
}
