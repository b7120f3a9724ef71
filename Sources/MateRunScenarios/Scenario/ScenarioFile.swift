import Glibc

/// A scenario file opened for reading in chunks, so that a large track is never held whole and
/// a hostile file is refused by its size before it is read.
struct ScenarioFile {
    /// How much is read at a time: 256 KB, where 1 MB held 4 MB more at the peak of a long GPX
    /// file's replay (a chunk, and the parser's buffer that takes it in after the tail of the
    /// last, are each held while the next is read), for no time that shows.
    static let chunkBytes = 1 << 18

    let path: String
    /// The file's size in bytes, as `fstat` reports it.
    let size: Int
    private var descriptor: Int32

    init(path: String) throws(ScenarioError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw ScenarioError(file: path, place: "", expected: code == ENOENT
                ? "no such file" : "cannot read the file (\(String(cString: strerror(code))))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            Glibc.close(descriptor)
            throw ScenarioError(file: path, place: "", expected: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            Glibc.close(descriptor)
            throw ScenarioError(file: path, place: "", expected: "expected a scenario file, found a directory")
        }
        size = Int(status.st_size)
    }

    /// The next chunk, empty at the end of the file.
    mutating func read() throws(ScenarioError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: Self.chunkBytes)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 {
                chunk.removeSubrange(count...)
                return chunk
            }
            if errno == EINTR { continue }
            throw ScenarioError(file: path, place: "", expected: "cannot read the file (\(String(cString: strerror(errno))))")
        }
    }

    mutating func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
