/// Where a command finds its NATS secrets and whom it trusts (`NATSOptionGroup`): file paths
/// only, so that the parsed command holds no secret; they are read when the command connects.
package struct NATSLogin: Sendable, Equatable {
    /// `--nats-creds`: a `.creds` file or an NKEY seed file.
    package var credentialsFile: String?
    /// `--nats-ca`: the CAs (PEM) that may sign the server's certificate; nil for the system's.
    package var certificateAuthorityFile: String?
    /// `--nats-cert` and `--nats-key`: the client certificate and its key (PEM).
    package var certificateFile: String?
    package var keyFile: String?
    /// `--nats-password-file`: the password of the URL's user, or the token without a user.
    package var passwordFile: String?

    package init(
        credentialsFile: String? = nil, certificateAuthorityFile: String? = nil, certificateFile: String? = nil,
        keyFile: String? = nil, passwordFile: String? = nil
    ) {
        self.credentialsFile = credentialsFile
        self.certificateAuthorityFile = certificateAuthorityFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.passwordFile = passwordFile
    }
}
