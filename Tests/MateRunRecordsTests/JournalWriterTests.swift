import Foundation
import Glibc
import MateRunDomain
import Synchronization
@testable import MateRunRecords
import Testing

/// The journal is written on a thread of its own: lines reach the file without the caller
/// waiting, in order, and a failed write is thrown by the next call.
@Suite(.timeLimit(.minutes(5)))
struct JournalWriterTests {
    private func temporaryFile() -> String {
        NSTemporaryDirectory() + "materun-journal-\(UUID().uuidString).jsonl"
    }

    /// Polls `condition` every 10 ms for at most 60 s (a guard, not a wait: it holds at once on a quiet machine).
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<6000 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @Test func appendedLinesReachTheFileInOrderWithoutAClose() async throws {
        // Given a writer on a new file
        let path = temporaryFile()
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let writer = JournalWriter(descriptor: descriptor, path: path)
        // When a thousand lines are appended and nothing else is done
        let lines = (0..<1000).map { "{\"n\":\($0)}\n" }
        for line in lines { try writer.append(Array(line.utf8)) }
        // Then they are all in the file, in order, soon after
        let expected = lines.joined()
        let arrived = try await eventually { (try? String(contentsOfFile: path, encoding: .utf8)) == expected }
        #expect(arrived)
        writer.abandon()
    }

    @Test func closingWritesTheLastLineAndRunsTheSealBeforeTheDescriptorCloses() throws {
        // Given a writer with a line pending
        let path = temporaryFile()
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let writer = JournalWriter(descriptor: descriptor, path: path, delay: .seconds(30))
        try writer.append(Array("first\n".utf8))
        // When it is closed with a last line
        let journal = try #require(fileIdentity(path: path))
        var sealedWhileOpen = false
        let made = try writer.close(writing: Array("last\n".utf8)) { _ in
            sealedWhileOpen = fileIdentity(descriptor: descriptor) == journal
            return "made by the seal"
        }
        // Then both lines are on disk, the seal ran with the descriptor open, the close returns
        // what the seal made, and the descriptor is closed now: its number names no file, or
        // another test's (tests run side by side, and a freed number is the next one a process
        // opens)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\nlast\n")
        #expect(sealedWhileOpen)
        #expect(made == "made by the seal")
        #expect(fileIdentity(descriptor: descriptor) != journal)
    }

    /// How many times a thread has done something, read from another.
    private final class Count: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Closes `writer` with the line `last`: whether the seal ran, and what the close threw.
    private func closeWithLastLine(_ writer: JournalWriter) -> (sealed: Bool, thrown: RecordStoreError?) {
        var sealed = false
        do throws(RecordStoreError) {
            try writer.close(writing: Array("last\n".utf8)) { _ in sealed = true }
            return (sealed, nil)
        } catch {
            return (sealed, error)
        }
    }

    /// A file's device and inode: what a descriptor still refers to, whatever its number.
    private struct FileIdentity: Equatable {
        var device: UInt
        var inode: UInt

        init(_ status: stat) {
            device = UInt(status.st_dev)
            inode = UInt(status.st_ino)
        }
    }

    private func fileIdentity(path: String) -> FileIdentity? {
        var status = stat()
        return stat(path, &status) == 0 ? FileIdentity(status) : nil
    }

    private func fileIdentity(descriptor: Int32) -> FileIdentity? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? FileIdentity(status) : nil
    }

    @Test func aFailedWriteIsThrownByTheNextAppend() async throws {
        // Given a writer whose descriptor cannot be written (opened read-only)
        let path = temporaryFile()
        defer { unlink(path) }
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let writer = JournalWriter(descriptor: descriptor, path: path, delay: .milliseconds(1))
        try writer.append(Array("lost\n".utf8))
        // When the writer has tried to write it
        // Then the next append throws the failure, naming the file
        let failed = try await eventually {
            do throws(RecordStoreError) {
                try writer.append(Array("next\n".utf8))
                return false
            } catch {
                return error.path == path
            }
        }
        #expect(failed)
        writer.abandon()
    }

    @Test func closingAWriterWhoseWriteFailedThrowsSealsNothingAndStillClosesTheDescriptor() async throws {
        // Given a writer whose write has failed (its descriptor was opened read-only)
        let path = temporaryFile()
        defer { unlink(path) }
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let journal = try #require(fileIdentity(path: path))
        let writer = JournalWriter(descriptor: descriptor, path: path, delay: .milliseconds(1))
        try writer.append(Array("lost\n".utf8))
        #expect(try await eventually { (try? writer.append(Array("probe\n".utf8))) == nil })
        // When it is closed with a last line
        let (sealed, thrown) = closeWithLastLine(writer)
        // Then the failure is thrown, naming the file, the seal never ran, and the descriptor
        // is closed all the same
        #expect(thrown?.path == path)
        #expect(!sealed)
        #expect(fileIdentity(descriptor: descriptor) != journal)
    }

    @Test(arguments: [true, false])
    func aJournalIsSyncedWhenClosedOnlyWhenItIsToBeSynced(synced: Bool) throws {
        // Given a writer on a pipe, which takes writes but cannot be synced (fsync fails on it),
        // told to sync once a second or never (a replay's journal)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writer = JournalWriter(descriptor: ends[1], path: "pipe", syncInterval: synced ? 1 : nil)
        try writer.append(Array("first\n".utf8))
        // When it is closed with a last line
        let (sealed, thrown) = closeWithLastLine(writer)
        // Then a journal to be synced reports the sync that failed and seals nothing; one that is
        // never synced seals, its lines written all the same
        #expect((thrown != nil) == synced)
        #expect(sealed == !synced)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer[..<max(0, count)], as: UTF8.self) == "first\nlast\n")
    }

    @Test func anAppenderFarAheadOfTheWriterWaitsForItInsteadOfHoldingTheBacklog() async throws {
        // Given a writer whose "disk" takes nothing yet: a pipe nobody reads (64 KB of buffer,
        // so the writer's first block of text stays stuck in its write)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let writer = JournalWriter(descriptor: writeEnd, path: "pipe", syncInterval: nil)
        let lines = 50_000
        let appended = Count()
        let appender = Thread {
            for number in 0..<lines {
                try? writer.append(Array("{\"n\":\(number)}\n".utf8))
                appended.add()
            }
        }
        appender.start()
        // When the appender has gone as far as it can (it waits for the writer after a backlog
        // of 8,192 lines; the writer has taken at most one backlog before its write stuck)
        #expect(try await eventually { appended.value >= 8_192 })
        try await Task.sleep(for: .milliseconds(300))
        // Then it has not appended them all: it waits rather than holding 50,000 entries
        #expect(appended.value < lines)
        // And once the pipe is read, every line arrives in order and the appender finishes
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let expected = (0..<lines).map { "{\"n\":\($0)}\n" }.joined()
        var reader = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while received.count < expected.utf8.count, poll(&reader, 1, 30_000) == 1 {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == expected)
        #expect(try await eventually { appended.value == lines })
        writer.abandon()
    }

    @Test func anAppenderOfBurstsWaitsWhenTheirLinesAreTheBacklogNotTheirEntries() async throws {
        // Given a writer whose "disk" takes nothing yet, and a replay handing it bursts of 256
        // fixes, one entry each
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let writer = JournalWriter(descriptor: writeEnd, path: "pipe", syncInterval: nil)
        let bursts = 200
        let burst = (0..<256).map { index in
            KeptFix(
                RecordedFix(time: Double(index), coordinate: Coordinate(latitude: 47, longitude: 8), distanceMetres: Double(index),
                            movingSeconds: Double(index)),
                elapsedSeconds: Double(index), caloriesKilocalories: 0, elevationGainMetres: 0)
        }
        let appended = Count()
        let appender = Thread {
            for _ in 0..<bursts {
                try? writer.append(.fixes(burst))
                appended.add()
            }
        }
        appender.start()
        // When the appender has gone as far as it can (8,192 lines behind, 32 bursts, and at
        // most one backlog taken by the writer before its write stuck)
        #expect(try await eventually { appended.value >= 32 })
        try await Task.sleep(for: .milliseconds(300))
        // Then it waits after a few dozen bursts: their lines, not their entries, are counted
        #expect(appended.value <= 3 * 32, "\(appended.value) bursts appended")
        // And once the pipe is read, every line arrives and the appender finishes
        var lines = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var reader = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while lines < bursts * burst.count, poll(&reader, 1, 30_000) == 1 {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            lines += buffer[..<count].count { $0 == UInt8(ascii: "\n") }
        }
        #expect(lines == bursts * burst.count)
        #expect(try await eventually { appended.value == bursts })
        writer.abandon()
    }
}
