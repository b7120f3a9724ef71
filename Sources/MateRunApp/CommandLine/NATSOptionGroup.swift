import MateRunNATS

/// The options with which every command that reaches a NATS server logs in and decides whom to
/// trust, declared once: each command that takes `--via` lists `options` and reads them with
/// `login`. Secrets come from files and the environment, never from the command line, which
/// `ps` shows to every user of the machine; the options name files only.
enum NATSOptionGroup {
    static let credentials = OptionSpec(
        "--nats-creds", value: "FILE",
        help: "log in to NATS with the NKEY of FILE: a .creds file (user JWT and seed)", "or a file holding a user seed SU…")
    static let certificateAuthority = OptionSpec(
        "--nats-ca", value: "FILE",
        help: "trust the NATS server's TLS certificate only if the CAs of FILE (PEM)", "signed it (default: the system's CAs)")
    static let certificate = OptionSpec(
        "--nats-cert", value: "FILE", help: "show the client certificate of FILE (PEM) to a NATS server that", "verifies clients; with --nats-key")
    static let key = OptionSpec("--nats-key", value: "FILE", help: "the private key (PEM) of --nats-cert")
    static let passwordFile = OptionSpec(
        "--nats-password-file", value: "FILE",
        help: "read the password of nats://USER@HOST (or, without a user, the token)",
        "from FILE (default: $MATERUN_NATS_PASSWORD, or $MATERUN_NATS_TOKEN)")

    static let options = [credentials, certificateAuthority, certificate, key, passwordFile]

    /// `--via` where a command needs a NATS server (group create and join, watch); host and
    /// join declare their own, since they can do without one.
    static let via = OptionSpec(
        "--via", value: "URL", required: true,
        help: "the NATS server: nats://HOST:PORT, or tls://HOST:PORT to insist on TLS",
        "(used too when the server requires it); nats://USER@HOST:PORT takes its",
        "password from --nats-password-file or $MATERUN_NATS_PASSWORD; several",
        "nodes of a cluster separated by commas (nats://a:4222,nats://b:4222)")

    /// The `--via` URL, or comma list of URLs, checked.
    static func url(_ arguments: ParsedArguments, command: String) throws(UsageError) -> String {
        guard let text = arguments.string("--via") else { throw UsageError("\(command) needs --via nats://HOST:PORT", command: command) }
        do {
            _ = try NATSURL.list(parsing: text)
        } catch {
            throw UsageError("--via: \(error)", command: command)
        }
        return text
    }

    /// Reads the group. `via` is the `--via` URL, nil when the command was not given one (host
    /// and join pair directly then, and refuse these options).
    static func login(_ arguments: ParsedArguments, via: String?, command: String) throws(UsageError) -> NATSLogin {
        let login = NATSLogin(
            credentialsFile: arguments.string(credentials.name), certificateAuthorityFile: arguments.string(certificateAuthority.name),
            certificateFile: arguments.string(certificate.name), keyFile: arguments.string(key.name),
            passwordFile: arguments.string(passwordFile.name))
        guard let via else {
            if let given = options.first(where: { arguments.string($0.name) != nil }) {
                throw UsageError("\(given.name) is for a NATS server: give --via URL too, or drop it", command: command)
            }
            return login
        }
        guard (login.certificateFile == nil) == (login.keyFile == nil) else {
            throw UsageError("--nats-cert and --nats-key go together: give both or neither", command: command)
        }
        let urls = (try? NATSURL.list(parsing: via)) ?? []
        if login.passwordFile != nil, urls.contains(where: { if case .user = $0.credentials { true } else { false } }) {
            throw UsageError("--via already holds a password: drop it from the URL (or drop --nats-password-file)", command: command)
        }
        return login
    }
}
