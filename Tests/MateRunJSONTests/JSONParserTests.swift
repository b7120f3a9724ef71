import MateRunJSON
import Testing

@Suite("One JSON: strict parsing with the place of every problem")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        try JSONParser.parse(Array(text.utf8))
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func objectsKeepTheirMembersInOrderAndNumbersTheirLiterals() throws {
        // Given an object with mixed values
        let value = try parse(#"{"b": 1, "a": [true, null, -0.50, 1e3], "c": "é🏃\u00e9\ud83c\udfc3"}"#)
        // Then members keep their order and numbers their text and kind
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == .number(JSONNumber(literal: "1", isIntegerLiteral: true)))
        guard case .array(let items)? = object["a"] else { Issue.record("a is not an array"); return }
        #expect(items[0] == .bool(true) && items[1] == .null)
        guard case .number(let half) = items[2], case .number(let thousand) = items[3] else { Issue.record("not numbers"); return }
        #expect(half.text == "-0.50" && !half.isIntegerLiteral && half.double == -0.5)
        #expect(thousand.integer == nil && thousand.double == 1000)
        #expect(object["c"] == .string("é🏃é🏃"))
    }

    @Test func aKeyTwiceInOneObjectIsRefusedWhereTheSecondOneStands() {
        // Given a scenario-like document that says the goal twice
        let text = "{\n  \"goal_km\": 5,\n  \"goal_km\": 50\n}"
        // Then the second key is named with its line and column
        let failure = error(text)
        #expect(failure?.problem == .duplicateKey("goal_km"))
        #expect(failure?.place == "line 3, column 3")
        #expect(failure?.description == "the key \"goal_km\" appears twice in one object at line 3, column 3")
    }

    @Test func theSameKeyInTwoObjectsIsFine() throws {
        #expect(try parse(#"[{"a": 1}, {"a": 2}]"#) != .null)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "line 1, column 9", "expected a key in quotes, found '}'"),
        ("{\n\"a\" 1}", "line 2, column 5", "expected ':' after the key, found '1'"),
        ("[1, 2", "line 1, column 6", "expected ',' or ']' in the array, found the end of the document"),
        ("{\"a\": tru}", "line 1, column 7", "expected a value, found 't'"),
        ("{\"a\": 01}", "line 1, column 8", "expected ',' or '}' in the object, found '1'"),
        ("{} {}", "line 1, column 4", "expected the end of the document after the value"),
        ("\"a\u{01}b\"", "line 1, column 3", "expected no control character inside a string (write it as \\u00XX)"),
        ("\"\\ud800\"", "line 1, column 8", "expected the low half of a surrogate pair after \\ud800"),
        ("\"\\x\"", "line 1, column 2", "expected an escape like \\n or \\u00e9"),
        ("-", "line 1, column 2", "expected a digit, found the end of the document"),
        ("1.", "line 1, column 3", "expected a digit after '.', found the end of the document"),
    ] as [(String, String, String)])
    func syntaxErrorsSayWhereAndWhatWasExpected(text: String, place: String, message: String) {
        let failure = error(text)
        #expect(failure?.place == place)
        #expect(failure?.message == message)
    }

    @Test func nestingDeeperThanTheLimitIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error(deep)?.problem == .tooDeep(limit: JSONParser.maxDepth))
        let fine = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(error(fine) == nil)
    }

    @Test func invalidUTF8InAStringIsRefusedAsSuch() {
        let bytes: [UInt8] = Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            #expect(error.problem == .invalidUTF8)
            #expect(error.place == "line 1, column 7")
        }
    }

    @Test(arguments: ["1e308", "-0", "9007199254740993", "1e999", "123456789012345678901234567890"])
    func numbersAtTheEdgesKeepTheirText(literal: String) throws {
        guard case .number(let number) = try parse(literal) else { Issue.record("not a number"); return }
        #expect(number.text == literal)
        if literal == "1e999" { #expect(number.double == nil, "infinity is not a value") }
        if literal == "123456789012345678901234567890" { #expect(number.integer == nil, "does not fit an Int") }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object(JSONObject()))
    }
}
