import Testing
@testable import MateRunSocket

@Suite struct TCPEndpointTests {
    @Test(arguments: [
        ("127.0.0.1:5000", TCPEndpoint(host: "127.0.0.1", port: 5000)),
        ("localhost:1", TCPEndpoint(host: "localhost", port: 1)),
        ("[::1]:65535", TCPEndpoint(host: "::1", port: 65535)),
    ] as [(String, TCPEndpoint)])
    func parsesHostAndPort(_ text: String, _ expected: TCPEndpoint) {
        #expect(TCPEndpoint(parsing: text) == expected)
        #expect(expected.description == text)
    }

    @Test(arguments: ["127.0.0.1", ":5000", "host:", "host:65536", "::1:5000", "[::1]5000", "host:-1"])
    func refusesWhatIsNotHostColonPort(_ text: String) {
        #expect(TCPEndpoint(parsing: text) == nil)
    }
}
