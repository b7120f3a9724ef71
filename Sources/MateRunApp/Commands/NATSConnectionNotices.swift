import MateRunNATS

/// Tells the person when a group command's NATS connection drops and where it came back (another
/// node of the cluster, or the same server): the run goes on meanwhile, and silence would look
/// like a hang.
enum NATSConnectionNotices {
    /// Reads `client`'s events (their single reader) until the task is cancelled, writing a line
    /// for each that matters.
    static func follow(_ client: NATSClient, writing write: @escaping @Sendable (String) -> Void) -> Task<Void, Never> {
        Task {
            for await event in client.events {
                switch event {
                case .disconnected(let reason):
                    write("materun: lost the NATS server (\(reason)); reconnecting, the run goes on")
                case .reconnected(let server):
                    write("materun: reconnected to the NATS server at \(server)")
                case .serverError(let error):
                    write("materun: the NATS server said: \(error)")
                case .closed:
                    return
                }
            }
        }
    }
}
