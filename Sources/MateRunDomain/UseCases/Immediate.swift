/// The answer of a source asked for its next element without waiting: a replay's readings and
/// events are all at hand, and reading them as plain calls spares an async call (a task frame
/// allocated and freed) per element.
enum Immediate<Element> {
    case element(Element)
    case ended
    /// The next element needs waiting for: ask the source's async `next()`.
    case mustWait
}
