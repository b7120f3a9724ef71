/// Why bytes are not the JSON expected, and where: line and column (1-based, columns counted in
/// bytes of the line), and the byte offset.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Problem: Sendable, Equatable {
        /// Not JSON here; the text says what was expected or found.
        case syntax(String)
        /// An object names the same key twice (which value was meant is anyone's guess).
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the parser allows.
        case tooDeep(limit: Int)
        /// A string's bytes are not valid UTF-8.
        case invalidUTF8
    }

    package var problem: Problem
    package var line: Int
    package var column: Int
    package var offset: Int

    package init(_ problem: Problem, line: Int, column: Int, offset: Int) {
        self.problem = problem
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line 3, column 14`.
    package var place: String { "line \(line), column \(column)" }

    /// What is wrong, without the place.
    package var message: String {
        switch problem {
        case .syntax(let text): text
        case .duplicateKey(let key): "the key \"\(key)\" appears twice in one object"
        case .tooDeep(let limit): "nesting deeper than \(limit)"
        case .invalidUTF8: "text that is not valid UTF-8"
        }
    }

    package var description: String { "\(message) at \(place)" }
}
