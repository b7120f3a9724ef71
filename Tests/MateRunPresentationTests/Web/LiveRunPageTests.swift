import Foundation
import MateRunJSON
import MateRunPresentation
import Testing

/// The web page as text: what the server's Content-Security-Policy lets run, and that no text a
/// run brings can become markup (the browser test, scripts/check-web-page.py, checks the rest).
@Suite struct LiveRunPageTests {
    private let hostileName = "<img src=x onerror=alert(1)>"

    @Test func theNonceIsOnTheStyleAndTheRunningScriptOnly() {
        // Given a live page and an exported one, made with a nonce
        for events: [RunPageEvent]? in [nil, [RunPageEvent(type: "hello", data: #"{"type":"hello","runner":"Ann"}"#)]] {
            // When the page is made
            let page = LiveRunPage.html(nonce: "bm9uY2U0Mg", events: events)
            // Then the nonce is on the one style and the one script that runs, and nowhere else
            #expect(occurrences(of: "nonce=", in: page) == 2)
            #expect(page.contains("<style nonce=\"bm9uY2U0Mg\">"))
            #expect(page.contains("<script nonce=\"bm9uY2U0Mg\">"))
            #expect(occurrences(of: "<script", in: page) == (events == nil ? 1 : 2))
        }
    }

    @Test func aPageWithoutANonceHasNoNonceAttribute() {
        #expect(!LiveRunPage.html(nonce: nil).contains("nonce="))
    }

    @Test func aNonceCannotLeaveItsAttribute() {
        let page = LiveRunPage.html(nonce: #"x"><script>alert(1)</script>"#)
        #expect(page.contains(#"<script nonce="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
        #expect(occurrences(of: "<script", in: page) == 1)
    }

    @Test func aLivePageCarriesNoEventsAndAnExportedPageCarriesThemAll() throws {
        // Given two messages
        let events = [
            RunPageEvent(type: "hello", data: #"{"type":"hello","kind":"solo","runner":"Ann"}"#),
            RunPageEvent(type: "progress", data: #"{"type":"progress","elapsed_s":1.0,"distance_m":3.2}"#),
        ]
        // Then the live page has no events block, and the exported page's block reads back as them
        #expect(!LiveRunPage.html(nonce: "n").contains("id=\"events\""))
        let embedded = try embeddedEvents(LiveRunPage.html(nonce: "n", events: events))
        #expect(embedded.count == 2)
        #expect(embedded.map { $0["type"] } == [.string("hello"), .string("progress")])
        #expect(embedded[1]["data"]?.objectValue?["distance_m"]?.jsonText == "3.2")
    }

    @Test func anEmbeddedTextCannotEndTheScript() throws {
        // Given a message whose text closes the script and opens another
        let name = "</script><script>alert(1)</script><!--"
        let event = RunPageEvent(type: "hello", data: JSON.object([("type", .string("hello")), ("runner", .string(name))]).jsonText)
        // When it is embedded
        let page = LiveRunPage.html(nonce: "n", events: [event])
        // Then the only script ends are the page's own two, and the text reads back whole
        #expect(occurrences(of: "</script>", in: page) == 2)
        #expect(!page.contains("<!--"))
        #expect(try embeddedEvents(page).first?["data"]?.objectValue?["runner"] == .string(name))
    }

    @Test func aHostileRunnerNameInAnExportStaysText() throws {
        // Given a kept run whose runner is called like an image with a handler
        let record = KeptRunEventsTests.record(runner: hostileName)
        // When it is exported as a page
        let page = LiveRunPage.html(nonce: nil, events: KeptRunEvents.events(record))
        // Then no `<img` is in the page, and the name is there, escaped, for the script to set as text
        #expect(!page.contains("<img"))
        #expect(page.contains(#"\u003cimg src=x onerror=alert(1)>"#))
        let hello = try #require(try embeddedEvents(page).first?["data"]?.objectValue)
        #expect(hello["runner"] == .string(hostileName))
    }

    @Test func thePageFetchesNothingAndNeverParsesHTML() {
        let page = LiveRunPage.html(nonce: "n")
        // No markup from a string, no inline style or handler the policy would refuse
        for forbidden in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", " style=\"", " onload=", " onclick=", " onerror="] {
            #expect(!page.contains(forbidden), "the page uses \(forbidden)")
        }
        // Nothing from elsewhere: the one address is the SVG namespace, which is a name, not a fetch
        #expect(occurrences(of: "http", in: page) == occurrences(of: "http://www.w3.org/2000/svg", in: page))
        #expect(!page.contains("src=") && !page.contains("href=") && !page.contains("@import") && !page.contains("url("))
        // It listens to /events with text content only
        #expect(page.contains("new EventSource(\"/events\")"))
        #expect(page.contains(".textContent = "))
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The page's `<script type="application/json" id="events">` block, parsed.
    private func embeddedEvents(_ page: String) throws -> [JSONObject] {
        let opening = #"<script type="application/json" id="events">"#
        let start = try #require(page.range(of: opening)).upperBound
        let end = try #require(page[start...].range(of: "</script>")).lowerBound
        let json = try JSONParser.parse(Array(page[start..<end].utf8))
        guard case let .array(items) = json else {
            Issue.record("the events block is not an array")
            return []
        }
        return items.compactMap(\.objectValue)
    }
}
