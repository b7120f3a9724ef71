/// One operation the server sends, as the parser reads it.
package enum NATSServerMessage: Sendable, Equatable {
    case info(NATSServerInfo)
    case message(NATSMessage)
    case ping
    case pong
    case ok
    case error(NATSServerError)
}
