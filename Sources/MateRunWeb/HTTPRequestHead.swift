/// The head of an HTTP/1.x request as the live page's server takes it: the method, the path and
/// the `Last-Event-ID` a reconnecting `EventSource` sends, read from bytes that came from anyone.
///
/// Pure and bounded: the head must end within `limit` bytes; what is not a GET of `/` or
/// `/events` gets the status that says why, and no path is ever looked up anywhere.
package enum HTTPRequestHead: Equatable, Sendable {
    /// The head has not ended yet (and is within the limit).
    case incomplete
    /// A request the server answers.
    case request(Resource, lastEventID: Int?)
    /// A request refused with `status` and its reason phrase.
    case refused(status: Int, reason: String)

    /// The things the server has: the page, its events, and the paths it was given answers for.
    package enum Resource: Equatable, Sendable {
        case page
        case events
        /// One of the `fixed` paths `parse` was given (`FixedAnswers`).
        case fixed(String)
    }

    /// The most bytes a head may take, its blank line included.
    package static let limit = 8192

    /// Reads `bytes`, everything received so far on a connection; `fixed` are the paths
    /// besides `/` and `/events` that the server answers.
    package static func parse(_ bytes: [UInt8], fixed: Set<String> = []) -> HTTPRequestHead {
        guard let end = headEnd(bytes) else {
            return bytes.count > limit ? .refused(status: 431, reason: "Request Header Fields Too Large") : .incomplete
        }
        guard end <= limit else { return .refused(status: 431, reason: "Request Header Fields Too Large") }
        let lines = bytes[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        let words = lines[0].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard words.count == 3, words[2].starts(with: Array("HTTP/1.".utf8)) else {
            return .refused(status: 400, reason: "Bad Request")
        }
        guard words[0].elementsEqual("GET".utf8) else { return .refused(status: 405, reason: "Method Not Allowed") }
        let target = words[1]
        let path = target.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)[0]
        let resource: Resource
        if path.elementsEqual("/".utf8) {
            resource = .page
        } else if path.elementsEqual("/events".utf8) {
            resource = .events
        } else if let known = fixed.first(where: { path.elementsEqual($0.utf8) }) {
            resource = .fixed(known)
        } else {
            return .refused(status: 404, reason: "Not Found")
        }
        var lastEventID: Int?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            guard name == "last-event-id" else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            lastEventID = Int(value).flatMap { $0 >= 0 ? $0 : nil }
        }
        return .request(resource, lastEventID: lastEventID)
    }

    /// The index just past the head's blank line, nil while it has not come.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        var index = 0
        var newlines = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                newlines += 1
                if newlines == 2 { return index + 1 }
            case UInt8(ascii: "\r"):
                break
            default:
                newlines = 0
            }
            index += 1
        }
        return nil
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
