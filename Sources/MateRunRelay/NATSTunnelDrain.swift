/// The wait of a tunnel's `drain`: until `isDrained`, looked at every 10 ms, or `bound`.
///
/// A tunnel's carried connections end on their own once their local ends close; there is no
/// event for "all of them", and the wait is short and bounded, so it looks.
enum NATSTunnelDrain {
    static func wait(within bound: Duration, until isDrained: () -> Bool) async {
        let deadline = ContinuousClock.now + bound
        while !isDrained(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
