import Foundation
import MateRunNATS
import MateRunTLS

/// Turns `--via` and the NATS option group into the client's options when a command connects:
/// the files are read and the environment consulted now, and no message repeats a secret.
extension NATSLogin {
    static let passwordVariable = "MATERUN_NATS_PASSWORD"
    static let tokenVariable = "MATERUN_NATS_TOKEN"

    /// The options to connect to `via` with: one URL, or several nodes of a cluster separated by
    /// commas, each logged in alike. A URL naming a user without a password
    /// (`nats://USER@HOST`) takes the password from `--nats-password-file`, else
    /// `$MATERUN_NATS_PASSWORD`, and is a token as before when neither is there; a URL without
    /// a user takes a token from `--nats-password-file`, else `$MATERUN_NATS_TOKEN`.
    func clientOptions(via: String, environment: [String: String]) throws(CommandFailure) -> NATSClientOptions {
        let given = try CommandFailure.catching { try NATSURL.list(parsing: via) }
        let filed = try passwordFile.map { (path) throws(CommandFailure) -> String in try Self.secret(in: path, option: "--nats-password-file") }
        let urls = given.map { Self.completed($0, filed: filed, environment: environment) }
        var options = NATSClientOptions(url: urls[0])
        options.alternativeURLs = Array(urls.dropFirst())
        if let credentialsFile {
            let text = try Self.secret(in: credentialsFile, option: "--nats-creds")
            do {
                options.userCredentials = try NATSUserCredentials(parsing: text)
            } catch {
                throw CommandFailure("--nats-creds \(credentialsFile): \(error)")
            }
        }
        options.tls = TLSClientConfiguration(caFile: certificateAuthorityFile, certificateFile: certificateFile, keyFile: keyFile)
        return options
    }

    /// `url` with the password or token it lacks, from the file's text or the environment.
    private static func completed(_ url: NATSURL, filed: String?, environment: [String: String]) -> NATSURL {
        var url = url
        switch url.credentials {
        case .token(let user):
            if let password = filed ?? variable(passwordVariable, in: environment) {
                url.credentials = .user(user, password: password)
            }
        case .none:
            if let token = filed ?? variable(tokenVariable, in: environment) {
                url.credentials = .token(token)
            }
        case .user:
            break
        }
        return url
    }

    /// A non-empty environment variable.
    private static func variable(_ name: String, in environment: [String: String]) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The text of a secret's file, without the line end an editor adds; the error names the
    /// file, never what it holds.
    private static func secret(in path: String, option: String) throws(CommandFailure) -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure("cannot read \(option) \(path): \((error as NSError).localizedDescription)")
        }
        var secret = Substring(text)
        while let last = secret.last, last == "\n" || last == "\r" { secret = secret.dropLast() }
        guard !secret.isEmpty else { throw CommandFailure("\(option) \(path) is empty") }
        return String(secret)
    }
}
