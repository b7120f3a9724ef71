/// How long a mate may stay unheard before the pair's rules change how they treat it.
///
/// Durations are in seconds of wall-clock time: the pair's rules run on the wall clock whatever the
/// replay's speed (a run's own figures are in run time, which the speed multiplies). The
/// transport has its own, shorter timeouts (heartbeats, idle connections); these two are what a
/// runner sees.
package enum MatePresence {
    /// After this long with nothing received, the mate is shown as silent ("last seen N s ago").
    package static let silentAfter = 5.0
    /// After this long without a connection, the mate is lost: the run finishes solo.
    package static let lostAfter = 30.0
}
