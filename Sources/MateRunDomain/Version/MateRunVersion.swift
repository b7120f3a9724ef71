/// The one place materun's version is set: `--version`, `materun version`, the man page and the
/// group service's `$SRV.INFO` all read it, so a release changes one line.
package enum MateRunVersion {
    /// Semantic version of this build.
    package static let number = "1.0.0"
    /// The day this version was set, as the man page's header shows it (`YYYY-MM-DD`).
    package static let date = "2026-11-28"
}
