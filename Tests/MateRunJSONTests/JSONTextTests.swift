import MateRunJSON
import Testing

@Suite("One JSON: writing, and round trips")
struct JSONTextTests {
    @Test func aValueIsWrittenCompactlyInOrderAndReadsBackTheSame() throws {
        // Given a value with every kind
        let value = JSON.object([
            ("type", .string("summary")),
            ("distance_m", .number(5000.04, decimals: 1)),
            ("splits", .array([.integer(1), .number(.nan, decimals: 1), .bool(false)])),
            ("note", .string("quote \" backslash \\ tab \t é")),
        ])
        // When it is written
        let text = JSONText.text(value)
        // Then the text is exact, and parses back to the same value
        #expect(text == #"{"type":"summary","distance_m":5000.0,"splits":[1,null,false],"note":"quote \" backslash \\ tab \t é"}"#)
        #expect(try JSONParser.parse(Array(text.utf8)) == value)
    }

    @Test func controlsThatATerminalWouldObeyAreEscapedButReadBackIntact() throws {
        // Given a name with ESC, BEL, DEL, a C1 CSI and a right-to-left override
        let name = "Evil\u{1B}]0;PWNED\u{07}\u{7F}\u{9B}2J\u{202E}"
        // When it is written
        var text = ""
        JSONText.writeString(name, to: &text)
        // Then the output is plain ASCII there, and the string reads back unchanged
        #expect(text == #""Evil\u001b]0;PWNED\u0007\u007f\u009b2J\u202e""#)
        #expect(try JSONParser.parse(Array(text.utf8)) == .string(name))
    }

    @Test(arguments: [(5.0, "5"), (2.5, "2.5"), (-0.25, "-0.25"), (1e20, "1e+20"), (0.1, "0.1")] as [(Double, String)])
    func shortestNumbersReadBackExactly(value: Double, text: String) throws {
        let number = try #require(JSONNumber(shortest: value))
        #expect(number.text == text)
        #expect(number.double == value)
    }

    @Test func aFrameWriterBuildsOneObjectPerLine() {
        var writer = JSONWriter()
        writer.field("type", "bye")
        writer.field("seq", 3)
        writer.field("x", 1.5)
        writer.nullField("speed")
        #expect(String(decoding: writer.frame(), as: UTF8.self) == "{\"type\":\"bye\",\"seq\":3,\"x\":1.5,\"speed\":null}\n")
    }

    @Test(arguments: [
        0.0, -0.0, 5, -7, 172, 3600, 999_999_999_999_999, 1e15, -1e15, 2.5, -0.25, 46.51234567, 1234.5678901234567, 1e20, 0.1,
    ] as [Double])
    func aWriterSpellsANumberAsTheShortestFormDoes(value: Double) {
        // Given a number, whole or not, small or past the whole-number form
        var writer = JSONWriter()
        // When a writer writes it, and a whole number as an integer too
        writer.field("x", value)
        let whole = value == value.rounded() && abs(value) < 1e15
        if whole { writer.field("i", Int(value)) }
        // Then its text is the shortest form, the same digits both ways
        let shortest = JSONNumberText.shortest(value)
        let expected = whole
            ? "{\"x\":\(shortest),\"i\":\(shortest)}" : "{\"x\":\(shortest)}"
        #expect(String(decoding: writer.closed(), as: UTF8.self) == expected)
    }
}
