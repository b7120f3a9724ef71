import Foundation

#if FUZZING
/// libFuzzer's entry point; `scripts/fuzz.sh` builds with `-DFUZZING`, and libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
/// Without the fuzzer: runs each file (or each file in each directory) given as an argument
/// through the same checks, e.g. to replay a crash file: `MateRunFuzz crash-1234`.
@main
struct ReplayMain {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: MateRunFuzz FILE|DIRECTORY... (MATERUN_FUZZ_MODE=wire|gpx|json to force a mode)")
            return
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    print("cannot read \(file)")
                    continue
                }
                FuzzTarget.run([UInt8](data))
                count += 1
            }
        }
        print("\(count) input(s) ran without a crash")
    }

    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
#endif
