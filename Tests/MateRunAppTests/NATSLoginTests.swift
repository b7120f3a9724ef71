import Foundation
@testable import MateRunApp
import MateRunNATS
import MateRunNATSTestSupport
import MateRunTLS
import Testing

/// The NATS option group becomes the client's options when a command connects: passwords and
/// tokens from a file or the environment, the NKEY from a seed or .creds file, the TLS files;
/// and no message repeats a secret.
@Suite struct NATSLoginTests {
    static let seed = NATSUserCredentials.seedText(of: [UInt8](repeating: 4, count: 32))

    /// A file holding `text` in a fresh folder, removed with `folder`.
    private func file(_ text: String, in folder: URL, named name: String = "secret") throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materun-login-\(UUID().uuidString)")

    @Test func aUserWithoutPasswordTakesItFromTheFileBeforeTheEnvironment() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [NATSLogin.passwordVariable: "from-env"]

        let fromEnvironment = try NATSLogin().clientOptions(via: "nats://ann@h:1", environment: environment)
        let fromFile = try NATSLogin(passwordFile: try file("from-file\n", in: folder))
            .clientOptions(via: "nats://ann@h:1", environment: environment)

        #expect(fromEnvironment.url.credentials == .user("ann", password: "from-env"))
        #expect(fromFile.url.credentials == .user("ann", password: "from-file"))
    }

    @Test func withoutAUserTheTokenComesFromTheEnvironmentAndAURLsOwnCredentialsStay() throws {
        let environment = [NATSLogin.tokenVariable: "t0k", NATSLogin.passwordVariable: ""]

        #expect(try NATSLogin().clientOptions(via: "nats://h:1", environment: environment).url.credentials == .token("t0k"))
        #expect(try NATSLogin().clientOptions(via: "nats://h:1", environment: [:]).url.credentials == NATSURL.Credentials.none)
        #expect(try NATSLogin().clientOptions(via: "nats://tok@h:1", environment: environment).url.credentials == .token("tok"))
        #expect(try NATSLogin().clientOptions(via: "nats://a:b@h:1", environment: environment).url.credentials == .user("a", password: "b"))
    }

    @Test func everyNodeOfAViaListLogsInAlikeAndTheFirstIsDialledFirst() throws {
        let environment = [NATSLogin.passwordVariable: "pw"]

        let options = try NATSLogin().clientOptions(via: "nats://ann@a:1,nats://ann@b:2,nats://c:3", environment: environment)

        #expect(options.url.endpoint.description == "a:1")
        #expect(options.alternativeURLs.map(\.endpoint.description) == ["b:2", "c:3"])
        #expect(([options.url] + options.alternativeURLs).map(\.credentials) == [.user("ann", password: "pw"), .user("ann", password: "pw"), .none])
    }

    @Test func aSeedFileAndTheTLSFilesReachTheClientOptions() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let login = NATSLogin(
            credentialsFile: try file(Self.seed + "\n", in: folder), certificateAuthorityFile: "ca.pem", certificateFile: "c.pem",
            keyFile: "c.key")

        let options = try login.clientOptions(via: "tls://h:1", environment: [:])

        #expect(options.userCredentials?.publicKey == (try NATSUserCredentials(parsing: Self.seed)).publicKey)
        #expect(options.tls == TLSClientConfiguration(caFile: "ca.pem", certificateFile: "c.pem", keyFile: "c.key"))
        #expect(options.url.requiresTLS)
    }

    @Test func aBadSeedOrAMissingFileIsNamedWithoutItsContent() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let mistyped = String(Self.seed.dropLast()) + (Self.seed.hasSuffix("A") ? "B" : "A")
        let path = try file(mistyped, in: folder)

        #expect {
            try NATSLogin(credentialsFile: path).clientOptions(via: "nats://h:1", environment: [:])
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("checksum") && !"\(error)".contains(mistyped)
        }
        #expect {
            try NATSLogin(passwordFile: "/nonexistent/pw").clientOptions(via: "nats://ann@h:1", environment: [:])
        } throws: { error in
            "\(error)".contains("--nats-password-file /nonexistent/pw")
        }
    }
}

/// Real materun processes log in to a real nats-server with secrets that never appear on their
/// command line (which `ps` shows) nor in what they print.
@Suite(.enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)), .serialized)
struct NATSLoginProcessTests {
    /// `materun watch` on a group nobody created: "no group" means it got in; the exit status,
    /// what it printed on standard error, and its command line as /proc shows it.
    private func watch(_ arguments: [String], environment: [String: String] = [:]) async throws -> (Int32?, String, String) {
        let executable = try requireMateRunExecutable()
        let process = try MateRunProcess(
            "watch", arguments: ["watch", "--code", "nobodynobody2345"] + arguments, executable: executable, environment: environment)
        let commandLine = (try? String(contentsOfFile: "/proc/\(process.pid)/cmdline", encoding: .utf8)) ?? ""
        let status = try await process.exitStatus(before: .now + .seconds(60))
        return (status, process.errorLines.joined(separator: "\n"), commandLine)
    }

    @Test func aPasswordFromTheEnvironmentLogsInAndAWrongOneIsRefusedUnprinted() async throws {
        let server = try await NATSServerProcess.start(arguments: ["--user", "ann", "--pass", "s3cret-pw"])
        let via = "nats://ann@127.0.0.1:\(server.port)"

        let (status, errors, commandLine) = try await watch(["--via", via], environment: [NATSLogin.passwordVariable: "s3cret-pw"])
        #expect(status == 1 && errors.contains("no group with code nobodynobody2345"), "\(errors)")
        #expect(!commandLine.contains("s3cret-pw") && !errors.contains("s3cret-pw"))

        let (wrongStatus, wrongErrors, _) = try await watch(["--via", via], environment: [NATSLogin.passwordVariable: "wr0ng-pw"])
        #expect(wrongStatus == 1 && wrongErrors.contains("Authorization Violation"), "\(wrongErrors)")
        #expect(!wrongErrors.contains("wr0ng-pw"))
        await server.stop()
    }

    @Test func aSeedFileLogsInToAServerThatKnowsItsKey() async throws {
        let server = try await NKEYUserServer.start()
        let via = server.via
        let seedFile = server.seedFile

        let (status, errors, _) = try await watch(["--via", via, "--nats-creds", seedFile])
        #expect(status == 1 && errors.contains("no group with code nobodynobody2345"), "\(errors)")
        #expect(!errors.contains(NATSLoginTests.seed))
        let (refusedStatus, refused, _) = try await watch(["--via", via])
        #expect(refusedStatus == 1 && refused.contains("Authorization Violation"), "\(refused)")
        await server.stop()
    }

    @Test(.enabled(if: TestCertificates.executable != nil, Comment(rawValue: TestCertificates.skipReason)))
    func aTLSURLWithTheCAFileGetsInAndWithoutItTheCertificateIsNotTrusted() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])
        let via = "tls://127.0.0.1:\(server.port)"

        let (status, errors, _) = try await watch(["--via", via, "--nats-ca", certificates.caFile])
        #expect(status == 1 && errors.contains("no group with code nobodynobody2345"), "\(errors)")
        let (untrustedStatus, untrusted, _) = try await watch(["--via", via, "--nats-ca", certificates.otherCAFile])
        #expect(untrustedStatus == 1 && untrusted.contains("is not trusted"), "\(untrusted)")
        await server.stop()
    }
}
