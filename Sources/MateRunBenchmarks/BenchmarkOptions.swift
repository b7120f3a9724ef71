import Foundation

struct BenchmarkOptions {
    var fixes = 1_000_000
    var runs = 5
    var gpx: String?
    /// 1-based rows of the core table to measure (all when nil); for profiling one row.
    var only: Set<Int>?
    /// Skip the core benchmark (to time only `--gpx` or `--history`).
    var core = true
    /// Kept runs for the history benchmark (not run when nil).
    var history: Int?

    static func parse(_ arguments: [String]) -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--fixes": options.fixes = positive(rest.popFirst(), for: argument)
            case "--runs": options.runs = positive(rest.popFirst(), for: argument)
            case "--gpx":
                guard let path = rest.popFirst() else { usage("--gpx needs a file") }
                options.gpx = path
            case "--no-core": options.core = false
            case "--history": options.history = positive(rest.popFirst(), for: argument)
            case "--only":
                guard let list = rest.popFirst() else { usage("--only needs row numbers, e.g. 4 or 1,4") }
                options.only = Set(list.split(separator: ",").compactMap { Int($0) })
            case "-h", "--help": usage(nil)
            default: usage("unknown argument \(argument)")
            }
        }
        return options
    }

    private static func positive(_ text: String?, for flag: String) -> Int {
        guard let text, let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 else {
            usage("\(flag) needs a positive whole number")
        }
        return value
    }

    private static func usage(_ problem: String?) -> Never {
        let text = "usage: MateRunBenchmarks [--fixes N (1000000)] [--runs N (5)] [--gpx FILE] [--history N] [--no-core] [--only ROWS]"
        if let problem {
            FileHandle.standardError.write(Data("MateRunBenchmarks: \(problem)\n\(text)\n".utf8))
            exit(2)
        }
        print(text)
        exit(0)
    }
}
