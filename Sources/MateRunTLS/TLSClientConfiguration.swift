/// Whom a TLS client trusts and how it proves who it is: what a person gives on the command line.
package struct TLSClientConfiguration: Sendable, Equatable {
    /// PEM file of the certificate authorities that may sign the server's certificate; nil for
    /// the system's store.
    package var caFile: String?
    /// PEM file of the client's certificate (and chain), for a server that verifies clients.
    package var certificateFile: String?
    /// PEM file of the client certificate's private key.
    package var keyFile: String?

    package init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
