/// Paths a server built on the live page's (e.g. `materun serve --metrics`) answers beside `/`,
/// each with a whole response made when asked: `/metrics`, `/healthz`, `/readyz`. The paths are
/// fixed when the server starts, so a request's path is compared, never looked up anywhere.
package struct FixedAnswers: Sendable {
    /// One answer: its status, reason phrase, headers and body.
    package struct Answer: Sendable, Equatable {
        package let status: Int
        package let reason: String
        package let contentType: String
        package let body: [UInt8]

        package init(status: Int, reason: String, contentType: String, body: [UInt8]) {
            self.status = status
            self.reason = reason
            self.contentType = contentType
            self.body = body
        }

        /// A plain-text answer: `200 OK` or `503 Service Unavailable` with one line.
        package static func text(_ line: String, ok: Bool) -> Answer {
            Answer(
                status: ok ? 200 : 503, reason: ok ? "OK" : "Service Unavailable", contentType: "text/plain; charset=utf-8",
                body: Array((line + "\n").utf8))
        }
    }

    package let paths: Set<String>
    private let answer: @Sendable (String) -> Answer

    /// `answer` is called with one of `paths`, on the server's thread: it must be quick.
    package init(paths: Set<String> = [], answer: @escaping @Sendable (String) -> Answer = { _ in .text("", ok: true) }) {
        self.paths = paths
        self.answer = answer
    }

    package func callAsFunction(_ path: String) -> Answer { answer(path) }
}
