import Foundation
import Glibc

/// The few file-system calls the store needs, made so that what they report done is on disk:
/// atomic replacement (temp file in the same directory, fsync, rename, fsync the directory) and
/// the directory fsyncs that make a new name survive a power cut.
enum DurableFile {
    /// Replaces `path` with `text` atomically: a reader sees the old file or the new one, never a
    /// mix, and after a crash one of the two is there whole. Without `syncing` (a replay's
    /// summary), the same but for a power cut, after which the file may be damaged or missing.
    static func replace(_ path: String, with text: String, syncing: Bool = true) throws(RecordStoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(temporary, "create") }
        do throws(RecordStoreError) {
            try writeAll(fd, Array(text.utf8), path: temporary)
            guard !syncing || fsync(fd) == 0 else { throw failure(temporary, "fsync") }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = failure(path, "rename into place")
            unlink(temporary)
            throw error
        }
        if syncing { try syncDirectory(directory) }
    }

    /// Makes the names in `directory` (a new, renamed or removed entry) durable.
    static func syncDirectory(_ directory: String) throws(RecordStoreError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(directory, "open directory") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure(directory, "fsync directory") }
    }

    /// Writes every byte, retrying short writes and interruptions.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(RecordStoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, "write")
            }
            offset += written
        }
    }

    /// The whole file, or nil when it does not exist. Sized from `fstat`, so that reading ten
    /// thousand small summaries allocates no more than they hold.
    static func read(_ path: String) throws(RecordStoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path, "open")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "stat") }
        // One byte more than the size, so that a file that grew meanwhile is still read whole.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = bytes[filled...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "read")
            }
            if count == 0 { return Array(bytes[0..<filled]) }
            filled += count
        }
    }

    /// Creates `path` and any missing parents (mode 0700: a run history is personal).
    static func makeDirectories(_ path: String) throws(RecordStoreError) {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST { throw failure(built, "create directory") }
        }
    }

    /// The names in `directory`, without `.` and `..`.
    static func names(in directory: String) throws(RecordStoreError) -> [String] {
        guard let stream = opendir(directory) else {
            if errno == ENOENT { return [] }
            throw failure(directory, "list")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes a directory of plain files (a run directory). What is already gone (another
    /// process removing the same leftover) is not an error.
    static func removeRunDirectory(_ path: String) throws(RecordStoreError) {
        for name in try names(in: path) where unlink("\(path)/\(name)") != 0 && errno != ENOENT {
            throw failure("\(path)/\(name)", "remove")
        }
        guard rmdir(path) == 0 || errno == ENOENT else { throw failure(path, "remove directory") }
    }

    static func failure(_ path: String, _ action: String) -> RecordStoreError {
        RecordStoreError(path: path, action: action, reason: String(cString: strerror(errno)))
    }
}
