import MateRunNATS
import MateRunNATSTestSupport
import MateRunTLS
import MateRunTestSupport
import Testing

/// The client over TLS against a real nats-server serving a certificate the test made with
/// the `openssl` command.
@Suite(
    .enabled(if: NATSServerProcess.enabled, Comment(rawValue: NATSServerProcess.skipReason)),
    .enabled(if: TestCertificates.executable != nil, Comment(rawValue: TestCertificates.skipReason)),
    .serialized)
struct NATSTLSRealServerTests {
    private func options(_ server: NATSServerProcess, scheme: String = "tls", trusting caFile: String) throws -> NATSClientOptions {
        var options = NATSClientOptions(url: try NATSURL(parsing: "\(scheme)://127.0.0.1:\(server.port)"))
        options.tls.caFile = caFile
        options.maxReconnectAttempts = 0
        return options
    }

    private func roundTrip(_ options: NATSClientOptions) async throws -> [UInt8]? {
        let client = try await NATSClient.connect(options)
        let subscription = try client.subscribe("secret.talk")
        try await client.flush()
        try client.publish("secret.talk", payload: Array("over tls".utf8))
        let payload = try await next(subscription.messages)?.payload
        await client.close()
        return payload
    }

    @Test func aTLSURLPublishesAndReceivesThroughAServerItsCASigned() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])

        #expect(try await roundTrip(options(server, trusting: certificates.caFile)) == Array("over tls".utf8))
        await server.stop()
    }

    @Test func payloadsLargerThanATLSRecordArriveWholeAndInOrder() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])
        let client = try await NATSClient.connect(try options(server, trusting: certificates.caFile))
        let subscription = try client.subscribe("bulk")
        try await client.flush()
        let payloads = (0..<8).map { index in (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) } }

        for payload in payloads { try client.publish("bulk", payload: payload) }
        let received = try await withTimeout {
            var received: [[UInt8]] = []
            for await message in subscription.messages {
                received.append(message.payload)
                if received.count == payloads.count { break }
            }
            return received
        }

        #expect(received == payloads)
        await client.close()
        await server.stop()
    }

    @Test func aNatsURLIsEncryptedWhenTheServerRequiresTLS() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])

        #expect(try await roundTrip(options(server, scheme: "nats", trusting: certificates.caFile)) == Array("over tls".utf8))
        await server.stop()
    }

    @Test func aServerWhoseCertificateTheCADidNotSignIsRefusedNamingTheFailure() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])

        let error = await connectionError(try options(server, trusting: certificates.otherCAFile))
        guard case .tls(.certificateRefused(let refused, let reason))? = error else {
            Issue.record("expected the certificate to be refused, got \(String(describing: error))")
            await server.stop()
            return
        }
        #expect(refused == "127.0.0.1:\(server.port)")
        #expect(reason.contains("unable to get local issuer certificate"))
        #expect("\(error!)".contains("is not trusted"))
        await server.stop()
    }

    @Test func aHostNameIsSentAndCheckedAndACertificateForAnotherNameIsRefused() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])
        var byName = try options(server, trusting: certificates.caFile)
        byName.url = try NATSURL(parsing: "tls://localhost:\(server.port)")
        #expect(try await roundTrip(byName) == Array("over tls".utf8))
        await server.stop()

        let misnamed = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration(misnamed: true)])
        let error = await connectionError(try options(misnamed, trusting: certificates.caFile))
        guard case .tls(.certificateRefused(_, let reason))? = error else {
            Issue.record("expected the certificate to be refused, got \(String(describing: error))")
            await misnamed.stop()
            return
        }
        #expect(reason.contains("mismatch"))
        await misnamed.stop()
    }

    @Test func aServerThatVerifiesClientsTakesTheClientCertificateAndRefusesNone() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration(verifyClients: true)])
        var withCertificate = try options(server, trusting: certificates.caFile)
        withCertificate.tls.certificateFile = certificates.clientCertificate
        withCertificate.tls.keyFile = certificates.clientKey

        #expect(try await roundTrip(withCertificate) == Array("over tls".utf8))
        // TLS 1.3 checks the client's certificate after the handshake: the refusal is an alert.
        let refusal = await connectionError(try options(server, trusting: certificates.caFile))
        #expect(refusal.map { "\($0)" }?.contains("certificate") == true)
        await server.stop()
    }

    @Test func aTLSURLToAServerWithoutTLSIsRefused() async throws {
        let server = try await NATSServerProcess.start()

        let error = await connectionError(try options(server, trusting: "/nonexistent-ca.pem"))
        #expect(error.map { "\($0)" }?.contains("offers no TLS") == true)
        await server.stop()
    }

    @Test func aMissingCAFileIsAConfigurationErrorNamingIt() async throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try await NATSServerProcess.start(arguments: ["-c", try certificates.serverConfiguration()])

        let error = await connectionError(try options(server, trusting: "/nonexistent/ca.pem"))
        guard case .tls(.configuration(let detail))? = error else {
            Issue.record("expected a configuration error, got \(String(describing: error))")
            await server.stop()
            return
        }
        #expect(detail.contains("/nonexistent/ca.pem"))
        await server.stop()
    }

    /// The error of connecting with `options`; nil (and an issue) when it connected.
    private func connectionError(_ options: NATSClientOptions) async -> NATSError? {
        do {
            let client = try await NATSClient.connect(options)
            Issue.record("connected where it should have been refused")
            await client.close()
            return nil
        } catch {
            return error
        }
    }
}
