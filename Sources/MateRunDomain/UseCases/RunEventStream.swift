import Synchronization

/// The events of one run, as the running use case publishes them: iterating drives the run.
///
/// Its own sequence rather than an `AsyncStream` because a replay at `--speed max` publishes an
/// event for every second of run time, and `AsyncStream`'s per-element locking and cancellation
/// handler cost more than computing the event. Cancellation still ends the run: the producer
/// checks the iterating task and finishes with a cancelled summary.
///
/// Iterating drives the run, so a run has exactly one consumer: a second iteration of the same
/// stream is a programming error and traps, instead of stealing half the events.
package struct RunEventStream: AsyncSequence, Sendable {
    package typealias Element = RunEvent

    private enum Source: Sendable {
        case source(any RunEventSource)
        case stream(AsyncStream<RunEvent>)
    }

    private let source: Source
    private let claim = SingleConsumerClaim()

    /// Events from `produce`, called one call at a time until it returns nil.
    package init(unfolding produce: @escaping @Sendable () async -> RunEvent?) {
        source = .source(UnfoldingSource(produce))
    }

    /// Events from `source`, read without waiting whenever it has them at hand.
    init(_ source: any RunEventSource) {
        self.source = .source(source)
    }

    /// Events from a stream (test doubles, adapters).
    package init(_ stream: AsyncStream<RunEvent>) {
        source = .stream(stream)
    }

    package func makeAsyncIterator() -> AsyncIterator {
        claim.take("RunEventStream")
        return switch source {
        case .source(let source): AsyncIterator(state: .source(source))
        case .stream(let stream): AsyncIterator(state: .stream(stream.makeAsyncIterator()))
        }
    }

    /// Hands every event to `body` in order until the run ends: what `for await` does, but an
    /// event at hand is handed over with a plain call. A replay at full speed has an event for
    /// every second of run time, and through `for await` each is an async call (a frame on the
    /// task's allocator and a check of the executor, about as much as the view model's work).
    package func forEach(_ body: (RunEvent) -> Void) async {
        claim.take("RunEventStream")
        switch source {
        case .source(let source):
            while true {
                switch source.nextWithoutWaiting() {
                case .element(let event): body(event)
                case .ended: return
                case .mustWait:
                    guard let event = await source.next() else { return }
                    body(event)
                }
            }
        case .stream(let stream):
            for await event in stream { body(event) }
        }
    }

    /// Hands out the run's events in order.
    package struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate enum State {
            case source(any RunEventSource)
            case stream(AsyncStream<RunEvent>.Iterator)
            case ended
        }

        fileprivate var state: State

        package mutating func next() async -> RunEvent? {
            await next(isolation: #isolation)
        }

        /// The next event, computed on the iterating task's executor. `for await` calls this
        /// form: through the plain `next()` the standard library would hop to the global
        /// executor and back for every event (two thread switches each on an actor).
        package mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> RunEvent? {
            let event: RunEvent?
            switch state {
            case .source(let source):
                switch source.nextWithoutWaiting() {
                case .element(let element): event = element
                case .ended: event = nil
                case .mustWait: event = await source.next()
                }
            case .stream(var iterator):
                event = await iterator.next(isolation: actor)
                state = .stream(iterator)
            case .ended:
                return nil
            }
            if event == nil { state = .ended }
            return event
        }
    }
}

/// What a run's events are driven from: the next one as a plain call when its readings are at
/// hand (a replay as fast as possible), by waiting otherwise.
protocol RunEventSource: AnyObject, Sendable {
    func nextWithoutWaiting() -> Immediate<RunEvent>
    /// The next event, waiting for what it needs; nil after the last.
    func next() async -> RunEvent?
}

/// Events from a closure, called one call at a time: never at hand without waiting.
private final class UnfoldingSource: RunEventSource {
    private let produce: @Sendable () async -> RunEvent?

    init(_ produce: @escaping @Sendable () async -> RunEvent?) {
        self.produce = produce
    }

    func nextWithoutWaiting() -> Immediate<RunEvent> { .mustWait }

    func next() async -> RunEvent? { await produce() }
}
