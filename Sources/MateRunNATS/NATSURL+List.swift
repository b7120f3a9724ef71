/// `--via` may name several servers of one cluster, separated by commas
/// (`nats://a:4222,nats://b:4222`), so that a client can start and carry on through whichever
/// node is up. Each entry is a full URL of its own; a comma inside a password is written `%2C`.
extension NATSURL {
    /// The URLs of `text`, in the order given; throws for an empty entry or one that is no NATS URL.
    package static func list(parsing text: String) throws(NATSURLError) -> [NATSURL] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        guard !entries.contains(where: \.isEmpty) else {
            throw NATSURLError(text: text, reason: "an empty entry in a comma list of URLs")
        }
        return try entries.map { (entry) throws(NATSURLError) -> NATSURL in try NATSURL(parsing: entry) }
    }
}
