import MateRunJSON
import Testing

@Suite("Fields read with their type and range")
struct JSONFieldTests {
    private func document(_ text: String) throws -> JSONField {
        JSONField(try JSONParser.parse(Array(text.utf8)))
    }

    @Test func aMissOfEachKindNamesItsPathWhatWasExpectedAndWhatWasFound() throws {
        // Given an object with a null, a string where a number belongs and a number out of range
        let root = try document(#"{"a": null, "b": {"c": "fast"}, "d": [1, 250]}"#)
        // When each is read as a number in 0...100
        // Then absent and null are missing, the string a wrong type, 250 out of range
        #expect(throws: JSONFieldError(path: "x", key: "x", problem: .missing, expected: "a number", found: "nothing")) {
            try root["x"].number(in: 0...100)
        }
        #expect(throws: JSONFieldError(path: "a", key: "a", problem: .missing, expected: "a number", found: "null")) {
            try root["a"].number(in: 0...100)
        }
        #expect(throws: JSONFieldError(path: "b.c", key: "c", problem: .wrongType, expected: "a number", found: "\"fast\"")) {
            try root["b"]["c"].number(in: 0...100)
        }
        let items = try root["d"].array()
        #expect(throws: JSONFieldError(
            path: "d[1]", key: "d[1]", problem: .outOfRange, expected: "must be a finite number in 0.0...100.0", found: "250")) {
            try items[1].number(in: 0...100)
        }
        #expect(try items[0].number(in: 0...100) == 1)
    }

    @Test func anIntegerMustBeWrittenAsOne() throws {
        // Given 3, 3.0 and "3"
        let root = try document(#"{"whole": 3, "decimal": 3.0, "text": "3"}"#)
        // Then only the first is an integer
        #expect(try root["whole"].integer(in: 0...9) == 3)
        #expect(throws: JSONFieldError.self) { try root["decimal"].integer(in: 0...9) }
        #expect(throws: JSONFieldError.self) { try root["text"].integer(in: 0...9) }
    }

    @Test func aLongStringIsQuotedCutAndItsLengthBoundedInBytesAndCharacters() throws {
        // Given a 60-character name
        let long = String(repeating: "é", count: 60)
        let root = try document(#"{"name": ""# + long + #""}"#)
        // When it is read with room for 50 characters, and the value is quoted in a complaint
        #expect(throws: JSONFieldError(
            path: "name", key: "name", problem: .outOfRange, expected: "is longer than 50 characters",
            found: "\"" + String(repeating: "é", count: 40) + "…\"")) {
            try root["name"].string(maxCharacters: 50, maxBytes: 200)
        }
        // Then its bytes are bounded too (2 bytes each)
        #expect(throws: JSONFieldError.self) { try root["name"].string(maxCharacters: 100, maxBytes: 100) }
        #expect(try root["name"].string(maxCharacters: 60, maxBytes: 120) == long)
    }
}
