import Foundation

/// The processes a process started, found by their parent ids in /proc: gpsfake starts a gpsd of
/// its own, which outlives a gpsfake killed with SIGKILL unless it is killed by its PID too.
enum ProcessTree {
    /// Every process below `pid` (children, their children, ...), as /proc lists them now.
    static func descendants(of pid: Int32) -> [Int32] {
        let parents = parentIDs()
        var found: [Int32] = []
        var frontier = [pid]
        while let parent = frontier.popLast() {
            let children = parents.compactMap { $0.value == parent ? $0.key : nil }
            found += children
            frontier += children
        }
        return found
    }

    /// Each running process's parent id, read from `/proc/PID/stat` (the fourth field, after the
    /// parenthesised command, which may itself hold spaces and parentheses).
    private static func parentIDs() -> [Int32: Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var parents: [Int32: Int32] = [:]
        for entry in entries {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        return parents
    }
}
