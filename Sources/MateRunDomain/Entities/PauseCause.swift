/// Who paused a run: the tracker, because the runner stood still, or the runner, by hand (a
/// key, or the watch's pause button in a recorded track).
///
/// The two end differently: an auto-pause ends when the runner moves again; a pause by the
/// runner only when the runner resumes it.
package enum PauseCause: String, Sendable, Equatable {
    case auto
    case runner
}
