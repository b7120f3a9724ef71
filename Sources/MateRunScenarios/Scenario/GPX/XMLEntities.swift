/// The five predefined XML entities and numeric character references, decoded in the names of GPX
/// files (the writers' escaping is `XMLText`, in the records target: the opposite job).
enum XMLEntities {
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";"),
                  let character = character(for: rest[rest.index(after: ampersand)..<semicolon]) else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            result.append(character)
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func character(for entity: Substring) -> Character? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
            guard entity.hasPrefix("#"), let code = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(code) else { return nil }
            return Character(scalar)
        }
    }
}
