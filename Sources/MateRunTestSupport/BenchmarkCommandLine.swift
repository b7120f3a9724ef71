import Foundation
import Glibc

/// A benchmark program's options, declared once: what `--help` prints, what is accepted, and the
/// typed values read back. `--help` prints the usage and exits 0 before anything starts; an
/// unknown option or a bad value is said in one line, and the program exits 2.
package struct BenchmarkCommandLine {
    /// One option: `--name VALUE` when it has a `value` placeholder, a flag otherwise.
    package struct Option: Sendable {
        package let name: String
        package let value: String?
        package let help: String
        /// Not listed in `--help`: how a benchmark starts itself again as a child process.
        package let hidden: Bool

        package init(_ name: String, value: String? = nil, help: String, hidden: Bool = false) {
            self.name = name
            self.value = value
            self.help = help
            self.hidden = hidden
        }
    }

    private let program: String
    private let summary: String
    private let options: [Option]
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` (without the program's name); exits on `--help` or an error.
    package init(program: String, summary: String, options: [Option], arguments: [String]) {
        self.program = program
        self.summary = summary
        self.options = options
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { printUsageAndExit() }
            guard let option = options.first(where: { $0.name == argument }) else {
                fail(usage: "unknown option \(argument)")
            }
            if let placeholder = option.value {
                guard let value = rest.popFirst(), !value.hasPrefix("--") else { fail(usage: "\(argument) needs a value (\(placeholder))") }
                values[argument] = value
            } else {
                flags.insert(argument)
            }
        }
    }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool {
        precondition(declared(name), "\(name) is not a declared option")
        return flags.contains(name)
    }

    /// The text given to `name`, if any.
    package func text(_ name: String) -> String? {
        precondition(declared(name), "\(name) is not a declared option")
        return values[name]
    }

    /// The whole number given to `name` (underscores allowed), `default` when absent; a value
    /// outside `range` is a usage error.
    package func integer(_ name: String, default value: Int, in range: ClosedRange<Int>) -> Int {
        guard let text = text(name) else { return value }
        guard let number = Int(text.replacingOccurrences(of: "_", with: "")), range.contains(number) else {
            fail(usage: "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
        }
        return number
    }

    /// A comma-separated list of whole numbers given to `name`, each within `range`.
    package func integers(_ name: String, default value: [Int], in range: ClosedRange<Int>) -> [Int] {
        guard let text = text(name) else { return value }
        let numbers = text.split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0.map(range.contains) ?? false }) else {
            fail(usage: "\(name) takes whole numbers from \(range.lowerBound) to \(range.upperBound), separated by commas, not \(text)")
        }
        return numbers.compactMap { $0 }
    }

    /// Says what is wrong with the request in one line and exits 2, before anything starts.
    package func fail(usage problem: String) -> Never {
        BenchmarkOutput.error("\(program): \(problem) (--help lists the options)")
        exit(2)
    }

    package var usage: String {
        let listed = options.filter { !$0.hidden }
        let width = listed.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        let lines = listed.map { option in
            let head = option.name + (option.value.map { " " + $0 } ?? "")
            return "  " + head.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + option.help
        }
        return (["usage: \(program) [options]", summary, "", "options:"] + lines + ["  --help" + String(repeating: " ", count: max(0, width - 6)) + "  print this and exit"])
            .joined(separator: "\n")
    }

    private func declared(_ name: String) -> Bool { options.contains { $0.name == name } }

    private func printUsageAndExit() -> Never {
        BenchmarkOutput.line(usage)
        exit(0)
    }
}

/// A benchmark's output: lines written at once with `write(2)` (Glibc's `stdout` is not
/// concurrency-safe in Swift 6), a closed output ending the program quietly with its children,
/// and a failure said in one line.
package enum BenchmarkOutput {
    package static func line(_ text: String) {
        guard write(text + "\n", to: 1) else {
            ChildProcesses.endAll()
            _exit(0)
        }
    }

    package static func error(_ text: String) {
        _ = write(text + "\n", to: 2)
    }

    /// Runs a benchmark's body: an error it throws is said in one line (`PROGRAM: what went
    /// wrong`), its children are ended, and the program exits 1.
    package static func run(_ program: String, _ body: () async throws -> Void) async {
        ChildProcesses.endOnExit()
        do {
            try await body()
        } catch {
            Self.error("\(program): \(error)")
            ChildProcesses.endAll()
            exit(1)
        }
    }

    /// Writes all of `text`; false when the reader has gone (EPIPE) or the write fails.
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// A benchmark that could not measure what it was asked to, said in one line.
package struct BenchmarkFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
