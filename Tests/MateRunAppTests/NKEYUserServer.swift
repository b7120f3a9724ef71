import Foundation
import MateRunNATS
import MateRunNATSTestSupport

/// A nats-server that admits only the NKEY user of `NATSLoginTests.seed`, and the seed file a
/// client logs in with (`--nats-creds`); `stop()` ends the server and removes the files.
struct NKEYUserServer {
    let server: NATSServerProcess
    let seedFile: String
    private let folder: URL

    static func start() async throws -> NKEYUserServer {
        let user = try NATSUserCredentials(parsing: NATSLoginTests.seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materun-nkey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("server.conf").path
        try "authorization { timeout: 30, users = [ { nkey: \"\(user.publicKey)\" } ] }\n".write(toFile: config, atomically: true, encoding: .utf8)
        let seedFile = folder.appendingPathComponent("user.nk").path
        try (NATSLoginTests.seed + "\n").write(toFile: seedFile, atomically: true, encoding: .utf8)
        do {
            return NKEYUserServer(server: try await NATSServerProcess.start(arguments: ["-c", config]), seedFile: seedFile, folder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    var via: String { "nats://127.0.0.1:\(server.port)" }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
