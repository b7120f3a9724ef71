import Foundation

/// A certificate authority, a server certificate it signed for `127.0.0.1` and `localhost`, and
/// a client certificate it signed, made by the `openssl` command in a fresh folder for one test;
/// plus a second authority that signed nothing the server shows, and a server certificate the
/// authority signed for another name (`elsewhere.example`). Also the nats-server configuration
/// files that serve them.
package struct TestCertificates: Sendable {
    package let folder: URL
    package var caFile: String { path("ca.pem") }
    package var otherCAFile: String { path("other-ca.pem") }
    package var serverCertificate: String { path("server.pem") }
    package var serverKey: String { path("server.key") }
    package var clientCertificate: String { path("client.pem") }
    package var clientKey: String { path("client.key") }

    package static let executable: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    package static let skipReason = "the openssl command is not installed (apt-get install openssl)"

    /// Makes the authorities and certificates (EC P-256, valid for a day).
    package static func make() throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materun-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificates = TestCertificates(folder: folder)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "other-ca"] {
            try certificates.openssl(["req", "-x509"] + key + ["-keyout", "\(ca).key", "-out", "\(ca).pem", "-days", "1", "-subj", "/CN=materun test \(ca)"])
        }
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(to: folder.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n"
            .write(to: folder.appendingPathComponent("client.ext"), atomically: true, encoding: .utf8)
        try "subjectAltName=DNS:elsewhere.example\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(to: folder.appendingPathComponent("misnamed.ext"), atomically: true, encoding: .utf8)
        for (name, subject) in [("server", "/CN=localhost"), ("client", "/CN=materun test client"), ("misnamed", "/CN=elsewhere.example")] {
            try certificates.openssl(["req"] + key + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", subject])
            try certificates.openssl([
                "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "\(name).pem", "-days", "1", "-extfile", "\(name).ext",
            ])
        }
        return certificates
    }

    /// A nats-server configuration serving the server certificate (or the one for another name,
    /// when `misnamed`); `verifyClients` asks every client for a certificate signed by the authority.
    package func serverConfiguration(verifyClients: Bool = false, misnamed: Bool = false) throws -> String {
        let verify = verifyClients ? "\n  ca_file: \"\(caFile)\"\n  verify: true" : ""
        let (certificate, key) = misnamed ? (path("misnamed.pem"), path("misnamed.key")) : (serverCertificate, serverKey)
        let text = "tls {\n  cert_file: \"\(certificate)\"\n  key_file: \"\(key)\"\(verify)\n}\n"
        let file = path(verifyClients ? "verify.conf" : misnamed ? "misnamed.conf" : "tls.conf")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Removes the folder.
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    private func openssl(_ arguments: [String]) throws {
        guard let executable = Self.executable else { throw OpenSSLFailed(arguments: arguments, output: Self.skipReason) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OpenSSLFailed(arguments: arguments, output: text) }
    }
}

package struct OpenSSLFailed: Error, CustomStringConvertible {
    package var arguments: [String]
    package var output: String
    package var description: String { "openssl \(arguments.joined(separator: " ")) failed: \(output)" }
}
