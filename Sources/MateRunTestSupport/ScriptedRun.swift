import MateRunDomain

/// A running use case that publishes a fixed list of events, then ends: a run for tests of what
/// carries a run out (flows, keepers, screens), without sensors.
package struct ScriptedRun: RunningUseCase {
    package let script: [RunEvent]

    package init(script: [RunEvent]) {
        self.script = script
    }

    package func events() -> RunEventStream {
        RunEventStream(AsyncStream { continuation in
            for event in script { continuation.yield(event) }
            continuation.finish()
        })
    }
}
