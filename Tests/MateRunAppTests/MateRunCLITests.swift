@testable import MateRunApp
import Testing

@Suite("materun end to end, in process")
struct MateRunCLITests {
    @Test func aBadFlagExitsWithStatusTwoAndShowsTheUsage() async {
        // When replay is given an unknown flag
        let run = await runMateRun(["replay", "Scenarios/easy-5k.json", "--turbo"])
        // Then it exits 2, says what is wrong and shows the command's usage
        #expect(run.status == 2)
        #expect(run.errors.text.contains("unknown option '--turbo' for replay"))
        #expect(run.errors.text.contains("usage: materun replay SCENARIO"))
        #expect(run.output.text.isEmpty)
    }

    @Test func helpListsEveryCommandOnItsOwnLine() async {
        // When the overview is asked for
        let overview = await runMateRun(["--help"])
        // Then each command has its line in the command list
        let lines = overview.output.text.split(separator: "\n").map(String.init)
        for command in CommandLineParser.commands {
            #expect(lines.contains { $0.hasPrefix("  \(command) ") }, "no line for \(command)")
        }
    }

    @Test("each command's help lists every option the command declares and none it refuses", arguments: CommandRegistry.specs.map(\.name))
    func commandHelpTellsTheTruth(command: String) async throws {
        let spec = try #require(CommandRegistry.command(named: command)).spec
        // When the command's help is asked for
        let help = await runMateRun(["help", command]).output.text
        // Then it shows the generated usage line and a row for every declared option
        #expect(help.contains("usage: " + spec.usage))
        for option in spec.options {
            // (a long synopsis has its help on the next line)
            #expect(
                help.contains("  " + option.synopsis + " ") || help.contains("  " + option.synopsis + "\n"),
                "help for \(command) does not list \(option.name)")
        }
        // And none of the options the command refuses
        for refused in spec.refusals.keys {
            #expect(!help.contains("  " + refused + " "), "help for \(command) lists \(refused), which it refuses")
        }
    }

    @Test func noArgumentsPrintTheUsageAndExitTwo() async {
        let run = await runMateRun([])
        #expect(run.status == 2)
        #expect(run.errors.text.contains("materun: no command given"))
        #expect(run.errors.text.contains("usage: materun COMMAND"))
        #expect(run.output.text.isEmpty)
    }

    @Test func aMissingScenarioFileIsAClearErrorWithStatusOne() async {
        let run = await runMateRun(["replay", "/nonexistent/run.json", "--speed", "max"])
        #expect(run.status == 1)
        #expect(run.errors.text.contains("/nonexistent/run.json"))
    }

    @Test func validateDescribesABundledScenario() async {
        let run = await runMateRun(["validate", packageRoot + "/Scenarios/easy-5k.json"])
        #expect(run.status == 0)
        #expect(run.output.text.contains("valid scripted scenario"))
        #expect(run.output.text.contains("goal       5.00 km"))
    }

    @Test func validateNamesTheFileAndThePlaceOfABrokenField() async throws {
        // Given a scenario whose segment pace is not a pace
        let file = CapturedOutput()
        file.sink.write("""
            {"version": 1, "name": "x", "runner": {"name": "A", "weight_kg": 60},
             "route": {"waypoints": [[37.5, 127.0], [37.51, 127.0]]},
             "segments": [{"activity": "running", "pace": "fast", "duration": 60}]}
            """)
        _ = file.text
        // When it is validated
        let run = await runMateRun(["validate", file.path])
        // Then the error names the file, the JSON path and what was expected
        #expect(run.status == 1)
        #expect(run.errors.text.contains(file.path))
        #expect(run.errors.text.contains("segments[0].pace"))
    }

    @Test func theScenarioInTheReadmeIsValid() async throws {
        // Given the JSON example in README.md
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```json\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let file = CapturedOutput()
        file.sink.write(String(readme[start.upperBound..<end.lowerBound]))
        _ = file.text
        // When it is validated
        let run = await runMateRun(["validate", file.path])
        // Then it is a valid 5 km scenario
        #expect(run.status == 0, "\(run.errors.text)")
        #expect(run.output.text.contains("runner     Mina, 58 kg"))
        #expect(run.output.text.contains("route      5.00 km"))
    }

    @Test func scenariosListsEveryBundledFile() async {
        let run = await runMateRun(["scenarios", "--dir", packageRoot + "/Scenarios"])
        #expect(run.status == 0)
        for file in ["easy-5k.json", "half-marathon.json", "river-run.gpx"] {
            #expect(run.output.text.contains(file))
        }
    }

    @Test func jsonReplayEmitsAProgressEventPerRunSecondAndASummary() async {
        // When a scenario is replayed as JSON at max speed
        let run = await runMateRun(["replay", packageRoot + "/Scenarios/easy-5k.json", "--speed", "max", "--json"])
        let lines = run.output.lines
        // Then every line is an event, one progress per second of run time, ending with the summary
        #expect(run.status == 0)
        let progress = lines.filter { $0.hasPrefix("{\"type\":\"progress\"") }
        let splits = lines.filter { $0.hasPrefix("{\"type\":\"split\"") }
        #expect(progress.count == 1927)
        #expect(splits.count == 5)
        #expect(lines.last?.hasPrefix("{\"type\":\"summary\"") == true)
        for field in ["distance_m", "elapsed_s", "moving_s", "calories_kcal", "avg_pace_s_per_km", "splits", "finished", "cancelled"] {
            #expect(lines.last?.contains("\"\(field)\":") == true, "summary lacks \(field)")
        }
    }
}
