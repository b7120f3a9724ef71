import Dispatch

/// What a wake-up costs here, without sockets: a round trip between two threads (two futex
/// wakes, what the floor pays besides the kernel's TCP path) against a round trip between a
/// thread and a task (the thread resumes a task through an `AsyncStream`, which a pool thread
/// must wake up to run: what every received frame pays in materun).
enum Wakeups {
    static func threadToThread(count: Int) async -> [UInt64] {
        await onDedicatedThread {
            let ping = DispatchSemaphore(value: 0)
            let pong = DispatchSemaphore(value: 0)
            startThread("wake.echo") {
                for _ in 0..<count {
                    ping.wait()
                    pong.signal()
                }
            }
            var samples = [UInt64](repeating: 0, count: count)
            for index in 0..<count {
                let start = monotonicNanoseconds()
                ping.signal()
                pong.wait()
                samples[index] = monotonicNanoseconds() - start
            }
            return samples
        }
    }

    static func threadToTask(count: Int) async -> [UInt64] {
        let ping = DispatchSemaphore(value: 0)
        let (pongs, pong) = AsyncStream.makeStream(of: Int.self)
        startThread("wake.echo") {
            for index in 0..<count {
                ping.wait()
                pong.yield(index)
            }
            pong.finish()
        }
        var samples = [UInt64](repeating: 0, count: count)
        var iterator = pongs.makeAsyncIterator()
        for index in 0..<count {
            let start = monotonicNanoseconds()
            ping.signal()
            _ = await iterator.next()
            samples[index] = monotonicNanoseconds() - start
        }
        return samples
    }
}
