/// The process's exit statuses, as `--help` documents them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    /// Ctrl-C: a run cancelled by the runner. `MateRunCLI` turns it into the status of the signal
    /// that cancelled it (`interrupted(by:)`).
    static let interrupted: Int32 = 130

    /// What a shell reports for a process ended by signal `number`: 128 + the number.
    static func interrupted(by number: Int32) -> Int32 {
        128 + number
    }
}
