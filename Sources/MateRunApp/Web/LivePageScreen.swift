import MateRunDomain
import MateRunJSON
import MateRunPresentation

/// The live page as one more screen of the run: it draws nothing, and publishes what `--json`
/// would print, a `hello` first; each progress also carries the runner's position and what
/// `LivePageFields` works out for the map (the others placed, their gaps, the workout's step).
final class LivePageScreen: RunScreen {
    private let page: LivePage
    private let lines: RunEventLines
    private var fields: LivePageFields

    /// `hello` is the first event's fields (who runs, what kind of run); `course`, the route
    /// known in advance, sent whole with it.
    init(page: LivePage, profile: RunnerProfile, hello: [JSONMember], course: CourseLine? = nil) {
        self.page = page
        lines = RunEventLines(profile: profile)
        fields = LivePageFields(course: course, runnerName: profile.name)
        page.publish([("type", .string("hello"))] + hello + fields.helloFields())
    }

    func show(_ state: RunningViewModel.State) {
        if case .countdown(let secondsLeft) = state.status { page.publish("countdown", RunEventLines.countdown(secondsLeft)) }
    }

    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        var extra = event.snapshot?.position.map { [
            ("lat", JSON.number($0.latitude, decimals: 6)), ("lon", JSON.number($0.longitude, decimals: 6)),
        ] as [JSONMember] } ?? []
        if case .progress(let snapshot) = event { extra += fields.progressFields(snapshot, state: state, mate: mate) }
        guard let line = lines.line(for: event, state: state, mate: mate, extra: extra) else { return }
        page.publish(Self.type(of: event), line)
    }

    func announce(_ announced: [JSONMember], text: String) {
        fields.take(announced)
        page.publish(announced)
    }

    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        page.publish("summary", lines.summary(summary, state: state, pair: pair, kept: kept))
    }

    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?
    ) {
        page.publish("summary", lines.summary(summary, group: group, kept: kept))
    }

    var messageWriter: @Sendable (String) -> Void { { _ in } }

    func restore() {
        page.close()
    }

    private static func type(of event: RunEvent) -> String {
        switch event {
        case .progress, .kept: "progress"
        case .split: "split"
        case .lap: "lap"
        case .paused: "paused"
        case .resumed: "resumed"
        case .gpsLost: "gps_lost"
        case .gpsFound: "gps_found"
        case .finished: "summary"
        }
    }
}

/// The person's screen and the live page, fed alike: every call goes to both, messages for the
/// person to the person's.
final class ScreenWithLivePage: RunScreen {
    private let person: any RunScreen
    private let page: LivePageScreen

    init(person: any RunScreen, page: LivePageScreen) {
        self.person = person
        self.page = page
    }

    func show(_ state: RunningViewModel.State) {
        person.show(state)
        page.show(state)
    }

    func update(_ event: RunEvent, state: RunningViewModel.State, mate: MateView?) {
        person.update(event, state: state, mate: mate)
        page.update(event, state: state, mate: mate)
    }

    func announce(_ fields: [JSONMember], text: String) {
        person.announce(fields, text: text)
        page.announce(fields, text: text)
    }

    func finish(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, pair: PairedRunSummary?,
        kept: RunRecordID?
    ) {
        page.finish(summary, profile: profile, state: state, pair: pair, kept: kept)
        person.finish(summary, profile: profile, state: state, pair: pair, kept: kept)
    }

    func finishGroup(
        _ summary: RunSummary, profile: RunnerProfile, state: RunningViewModel.State, group: JSONMember, table: [String],
        kept: RunRecordID?
    ) {
        page.finishGroup(summary, profile: profile, state: state, group: group, table: table, kept: kept)
        person.finishGroup(summary, profile: profile, state: state, group: group, table: table, kept: kept)
    }

    var isForPrograms: Bool { person.isForPrograms }

    func repeatForPrograms(_ fields: [JSONMember]) {
        person.repeatForPrograms(fields)
        page.announce(fields, text: "")
    }

    var messageWriter: @Sendable (String) -> Void { person.messageWriter }

    func summaryFields(_ fields: @escaping @Sendable () -> [JSONMember]) {
        person.summaryFields(fields)
    }

    func restore() {
        person.restore()
        page.restore()
    }
}
