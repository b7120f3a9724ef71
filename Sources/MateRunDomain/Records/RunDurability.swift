/// How surely a kept run survives the machine stopping under it, chosen by what the run is.
///
/// Syncing to the disk is what a power cut asks for, and it is slow (a replay at full speed
/// writes its 40 MB journal in a fraction of a second, and one sync of it takes as long as a
/// tenth of the replay): a live run cannot happen again, a replay can.
package enum RunDurability: Sendable {
    /// A run that happens once (a live GPS, a race with a mate): the journal is synced about once
    /// a second and when the run is sealed, so that a power cut loses at most about the last
    /// second.
    case live
    /// A replay of a file, which can be run again: written as fast as it goes and left to the
    /// system to reach the disk. A killed process still loses at most the last 50 ms (what was
    /// written is the system's); a power cut may lose the run, whose damaged or missing summary
    /// the store then rebuilds from what reached the journal.
    case replay
}
