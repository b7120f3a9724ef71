import MateRunJSON

/// The run's web page: one self-contained HTML document (its style and its script inline, no
/// font, image or script from elsewhere), so that it works offline and under the server's
/// Content-Security-Policy (`script-src 'nonce-X'; style-src 'nonce-X'`).
///
/// Live, the page listens to `/events` (Server-Sent Events) and applies each message as it comes;
/// exported, it carries the run's messages inside itself and replays them at once. Every name
/// and text the messages bring goes into the page through `textContent` and DOM attributes, never
/// parsed as HTML.
package enum LiveRunPage {
    /// The whole page. `nonce` is the Content-Security-Policy nonce the server sends with this
    /// response (set on the one `<style>` and the one `<script>` that runs; nil for an exported
    /// file, which no policy governs). `events` nil: the page listens to `/events`; otherwise the
    /// page replays these, in order, with no connection.
    package static func html(nonce: String?, events: [RunPageEvent]? = nil) -> String {
        let nonceAttribute = nonce.map { " nonce=\"" + attributeEscaped($0) + "\"" } ?? ""
        var page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>materun</title>
        <style\(nonceAttribute)>
        \(LiveRunPageStyle.css)
        </style>
        </head>
        <body>
        \(LiveRunPageBody.html)

        """
        if let events {
            page += "<script type=\"application/json\" id=\"events\">" + embedded(events) + "</script>\n"
        }
        page += "<script\(nonceAttribute)>\n" + LiveRunPageScript.javaScript + "\n</script>\n</body>\n</html>\n"
        return page
    }

    /// The events as the JSON array `[{"type":…,"data":{…}},…]`, with every `<` written `\u003c`
    /// so that no text in it (a runner called `</script>`) can end the script element. `<` only
    /// ever stands inside a JSON string, where the escape means the same character.
    static func embedded(_ events: [RunPageEvent]) -> String {
        var text = "["
        for (index, event) in events.enumerated() {
            if index > 0 { text += ",\n" }
            text += "{\"type\":" + JSON.string(event.type).jsonText + ",\"data\":" + event.data + "}"
        }
        text += "]"
        return text.replacingAll("<", with: "\\u003c")
    }

    private static func attributeEscaped(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("\"", with: "&quot;").replacingAll("<", with: "&lt;")
            .replacingAll(">", with: "&gt;")
    }
}

extension String {
    /// Every `target` character replaced by `replacement` (Presentation has no Foundation string API).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
