/// Something that happened to a paired run, as the pair's rules take it in.
package enum MatePairInput: Sendable, Equatable {
    /// An event of the own run.
    case own(RunEvent)
    /// An event of the link to the mate.
    case link(MateLinkEvent)
    /// Wall-clock time passed (once a second), so that silence is noticed.
    case tick
}

/// What the pair's rules decide in answer to an input, for the use case to carry out in order.
package enum MatePairAction: Sendable, Equatable {
    /// Send this update to the mate.
    case send(MateUpdate)
    /// End the own run early, with this ending (see `RunStopSignal`).
    case stopOwnRun(RunEnding)
    /// Publish this event to whoever watches the paired run.
    case publish(PairedRunEvent)
    /// Say goodbye to the mate and close the link.
    case close(MateGoodbye)
}
