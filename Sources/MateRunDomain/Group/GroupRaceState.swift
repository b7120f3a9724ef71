/// What a group's rules must remember for another process to go on judging the group where they
/// stopped (a service instance taking over a group whose holder died): the phase, the agreed
/// start, whether everyone was told to stop, and each runner's line with the `seq` of its last
/// report taken. Everything else the rules keep is rebuilt when they resume: rates start full,
/// silence is counted from the resumption, and each runner's speed is judged onwards from its
/// last figures.
package struct GroupRaceState: Sendable, Equatable {
    package var phase: GroupBoard.Phase
    /// The wall-clock second the run starts (started), once called.
    package var startsAt: Double?
    package var stoppedEveryone: Bool
    /// In the order they joined.
    package var runners: [Runner]

    package struct Runner: Sendable, Equatable {
        package var line: GroupRunner
        /// The `seq` of the runner's last report taken; 0 before any.
        package var lastSeq: Int

        package init(line: GroupRunner, lastSeq: Int) {
            self.line = line
            self.lastSeq = lastSeq
        }
    }

    package init(phase: GroupBoard.Phase, startsAt: Double?, stoppedEveryone: Bool, runners: [Runner]) {
        self.phase = phase
        self.startsAt = startsAt
        self.stoppedEveryone = stoppedEveryone
        self.runners = runners
    }
}
