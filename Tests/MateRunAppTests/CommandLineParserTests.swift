@testable import MateRunApp
import MateRunDomain
import Testing

@Suite("Command line parsing")
struct CommandLineParserTests {
    @Test func replayTakesOptionsBeforeOrAfterTheScenarioAndWithEquals() throws {
        // Given options on both sides of the path, one with '='
        let command = try CommandLineParser.parse(
            ["replay", "--speed=10", "Scenarios/easy-5k.json", "--weight", "72.5", "--goal", "3", "--json", "--no-countdown"])
        // Then every option is read
        var expected = RunOptions(scenarioPath: "Scenarios/easy-5k.json")
        expected.speed = .times(10)
        expected.weightKilograms = 72.5
        expected.goalKilometres = 3
        expected.json = true
        expected.countdown = false
        #expect(command == .replay(expected))
    }

    @Test func speedMaxIsAccepted() throws {
        let command = try CommandLineParser.parse(["replay", "x.gpx", "--speed", "max"])
        guard case .replay(let options) = command else { Issue.record("not a replay"); return }
        #expect(options.speed == .max)
    }

    @Test("bad values and unknown flags are usage errors that say what is wrong", arguments: [
        (["replay", "x.json", "--speed", "fast"], "--speed expects a factor"),
        (["replay", "x.json", "--speed", "0"], "--speed expects a factor"),
        (["replay", "x.json", "--weight", "-3"], "--weight must be between 20 and 300 kg"),
        (["replay", "x.json", "--goal"], "--goal needs a value"),
        (["replay", "x.json", "--turbo"], "unknown option '--turbo' for replay"),
        (["replay"], "replay needs a SCENARIO"),
        (["replay", "a.json", "b.json"], "replay takes one SCENARIO, got also 'b.json'"),
        (["replay", "x.json", "--json=yes"], "--json takes no value"),
        (["fly"], "unknown command 'fly'"),
        (["host", "x.json"], "host needs --mode race or --mode team"),
        (["host", "x.json", "--mode", "relay"], "--mode must be 'race' or 'team', not 'relay'"),
        (["join", "x.json", "--connect", "localhost", "--code", "1"], "--connect expects HOST:PORT"),
        (["join", "x.json", "--connect", "127.0.0.1:7000"], "join needs --code CODE"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) {
        // When the arguments are parsed
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            // Then the error says what is wrong
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test func helpAndVersionAreRecognisedEverywhere() throws {
        #expect(try CommandLineParser.parse([]) == .help(topic: nil))
        #expect(try CommandLineParser.parse(["--help"]) == .help(topic: nil))
        #expect(try CommandLineParser.parse(["help", "replay"]) == .help(topic: "replay"))
        #expect(try CommandLineParser.parse(["replay", "--help"]) == .help(topic: "replay"))
        #expect(try CommandLineParser.parse(["--version"]) == .version)
    }

    @Test func joinReadsHostPortIncludingIPv6() throws {
        let command = try CommandLineParser.parse(["join", "x.json", "--connect", "[::1]:7000", "--code", "ABC123"])
        guard case .join(let options) = command else { Issue.record("not a join"); return }
        #expect(options.host == "::1")
        #expect(options.port == 7000)
        #expect(options.code == "ABC123")
    }
}
