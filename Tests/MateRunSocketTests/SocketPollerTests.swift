import Foundation
import MateRunTestSupport
@testable import MateRunSocket
import Testing

/// Every socket of the process is served by one thread, however many there are.
@Suite struct SocketPollerTests {
    /// The names of the process's threads (`/proc/self/task/*/comm`), as the kernel keeps them.
    private func threadNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        }
    }

    @Test func threeHundredConnectionsAreServedByTheOnePollerThread() async throws {
        // Given 150 connected pairs over TCP and 150 local pairs, all exchanging a frame
        let listener = try TCPListener(host: "127.0.0.1", port: 0, backlog: 256)
        var connections: [TCPConnection] = []
        for _ in 0..<150 {
            let pair = try await TCPConnectionTests.Pair.make(listener: listener)
            connections += [pair.server, pair.client]
            let (first, second) = try TCPConnection.pair(
                remote: TCPEndpoint(host: "local", port: 1), options: TCPConnectionTests.options,
                otherOptions: TCPConnectionTests.options)
            connections += [first, second]
        }
        for (index, connection) in connections.enumerated() where index % 2 == 0 {
            try await connection.send(Array("frame \(index)\n".utf8))
        }
        for (index, connection) in connections.enumerated() where index % 2 == 1 {
            let frame = try await withTimeout { () async throws -> [UInt8]? in
                var frames = connection.frames.makeAsyncIterator()
                return try await frames.next()
            }
            #expect(frame == Array("frame \(index - 1)".utf8))
        }
        // When the process's threads are listed
        let names = try threadNames()
        // Then one is the poller, and the connections have no thread of their own: the whole
        // process, with whatever else the suite runs beside, has fewer threads than connections
        #expect(names.filter { $0 == "materun.poller" }.count == 1)
        #expect(names.count < connections.count)
        connections.forEach { $0.abort() }
        listener.close()
    }
}
