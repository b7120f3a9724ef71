import Glibc
import Testing

/// A test's process is killed with the processes it started, as gpsfake is with its gpsd.
struct ProcessTreeTests {
    @Test func killingAProcessKillsTheProcessItStartedToo() async throws {
        // Given a shell that started a long sleep and prints its PID
        let shell = try MateRunProcess("sh", arguments: ["-c", "sleep 600 & echo $!; wait"], executable: "/bin/sh")
        let started = try await shell.wait(before: .now + .seconds(60)) { !$0.lines.isEmpty }
        let sleeper = try #require(started ? shell.lines.first.flatMap { Int32($0) } : nil, "\(shell.tail)")
        #expect(ProcessTree.descendants(of: shell.pid).contains(sleeper))
        // When the shell is killed
        shell.kill()
        // Then the sleep is gone too (reaped by init shortly after its SIGKILL)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline, Glibc.kill(sleeper, 0) == 0, !isZombie(sleeper) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Glibc.kill(sleeper, 0) != 0 || isZombie(sleeper), "sleep \(sleeper) outlived its shell")
    }

    /// Whether `pid` has exited and waits to be reaped (state Z in /proc/PID/stat).
    private func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}
