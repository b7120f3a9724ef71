/// A fix that no progress carried: the next fix came before a progress went out after it (its
/// second's progress had gone out already, on a motion update of that second that arrived
/// first, as a paced run's two streams may order them). The snapshots after it hold it, with the
/// run's figures as they stood just before the next fix came (what a progress then would have
/// carried), so that the run keeps a fix for every second, whichever stream spoke first.
package struct UncarriedFix: Sendable, Equatable, BitwiseCopyable {
    /// The fix's `DeliveredFix.number`.
    package let number: Int
    /// The fix as the run keeps it, with the figures a progress would have carried with it.
    package let kept: KeptFix

    package init(number: Int, kept: KeptFix) {
        self.number = number
        self.kept = kept
    }
}
