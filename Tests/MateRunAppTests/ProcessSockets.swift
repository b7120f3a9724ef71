import Foundation

/// The sockets one process holds, as the kernel lists them under /proc: which of its descriptors
/// are sockets (`/proc/PID/fd`, links named `socket:[INODE]`), and what the kernel's tables for
/// its network namespace say of each (TCP over IPv4 and IPv6, Unix-domain). A test of "listens on
/// nothing" reads it instead of trusting the code: a listening TCP socket is in state `0A`, a
/// listening Unix socket has the `__SO_ACCEPTCON` flag (0x10000).
struct ProcessSockets {
    /// A socket of the process found in one of the tables.
    struct Entry: CustomStringConvertible {
        /// `tcp`, `tcp6` or `unix`.
        let table: String
        let inode: String
        let listening: Bool
        /// The table's line, for failure messages.
        let line: String

        var description: String { "\(table) inode \(inode)\(listening ? " LISTENING" : ""): \(line)" }
    }

    /// Every socket of the process that the tables list.
    let entries: [Entry]

    /// The process's listening sockets: what a process that "listens on no port" must not have.
    var listening: [Entry] { entries.filter(\.listening) }

    /// Reads the sockets of process `pid` now; empty when the process is gone.
    init(pid: Int32) {
        let inodes = Self.socketInodes(pid: pid)
        var entries: [Entry] = []
        for table in ["tcp", "tcp6"] {
            for row in Self.rows(pid: pid, table: table) where row.count > 9 && inodes.contains(row[9]) {
                entries.append(Entry(table: table, inode: row[9], listening: row[3] == "0A", line: row.joined(separator: " ")))
            }
        }
        for row in Self.rows(pid: pid, table: "unix") where row.count > 6 && inodes.contains(row[6]) {
            let flags = Int(row[3], radix: 16) ?? 0
            entries.append(Entry(table: "unix", inode: row[6], listening: flags & 0x10000 != 0, line: row.joined(separator: " ")))
        }
        self.entries = entries
    }

    /// The inodes of the process's socket descriptors.
    private static func socketInodes(pid: Int32) -> Set<String> {
        let directory = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var inodes = Set<String>()
        for descriptor in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + descriptor),
                target.hasPrefix("socket:["), target.hasSuffix("]")
            else { continue }
            inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
        }
        return inodes
    }

    /// The rows of `/proc/PID/net/TABLE` without its header, split into columns. Read to the end
    /// through a file handle: `String(contentsOfFile:)` stops after the first page of a /proc
    /// file (its size says 0), which loses every socket past about the 27th line.
    private static func rows(pid: Int32, table: String) -> [[String]] {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/net/\(table)") else { return [] }
        defer { try? handle.close() }
        guard let bytes = try? handle.readToEnd() else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) }
    }
}
