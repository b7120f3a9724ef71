import MateRunDomain
@testable import MateRunJSON
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
        writer.field("act", constant: "running")
        #expect(String(decoding: writer.frame(), as: UTF8.self)
            == "{\"type\":\"bye\",\"seq\":3,\"x\":1.5,\"speed\":null,\"act\":\"running\"}\n")
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

    @Test func everyKindOfNumberAndStringIsSpelledAsTheStandardLibraryAndTheEscapingRulesSpellIt() {
        // Given thousands of numbers of every kind (any bit pattern, whole numbers near and past
        // the whole-number form, decimals as files write them, tiny and huge, both signs) and
        // strings with and without what must be escaped, from a fixed seed
        var random = SplitMix64(seed: 0x5EED)
        func next() -> UInt64 { random.next() }
        var numbers: [Double] = [0, -0.0, 1e15, -1e15, 1e15 - 1, 9.5e14 + 0.5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-5]
        for _ in 0..<5000 {
            numbers.append(Double(bitPattern: next()))
            numbers.append(Double(Int64(bitPattern: next()) >> Int(next() % 64)))
            numbers.append(Double(Int(next() % 100_000_000)) / 10_000_000 - 5)
            numbers.append(Double(next() % 1_000_000) * 0.001 * (next() % 2 == 0 ? 1 : -1))
        }
        let strings = ["fix", "", "Zoë 🏃", "quote \" and \\", "tab\tnew\nline", "\u{1B}[2J", "bidi \u{202E}x"]
        for value in numbers where value.isFinite {
            // When a writer writes it
            var writer = JSONWriter()
            writer.field("n", value)
            // Then it is the integer's digits for a whole number short of 1e15, else the shortest
            // form the standard library prints
            let whole = value == value.rounded() && abs(value) < 1e15
            let expected = whole ? String(Int(value)) : value.description
            #expect(String(decoding: writer.closed(), as: UTF8.self) == "{\"n\":\(expected)}", "\(value.bitPattern)")
        }
        for string in strings {
            var writer = JSONWriter()
            writer.field("s", string)
            var text = ""
            JSONText.writeString(string, to: &text)
            #expect(String(decoding: writer.closed(), as: UTF8.self) == "{\"s\":\(text)}")
        }
    }

    @Test(arguments: [
        (5000.04, 1, "5000.0"), (-0.25, 2, "-0.25"), (12, 0, "12"), (0.05, 1, "0.1"), (-0.05, 1, "-0.1"),
        (-0.04, 1, "0.0"), (2.5, 0, "3"), (-2.5, 0, "-3"), (1.0000000005, 9, "1.000000001"), (7.25, 12, "7.250000000"),
        (7.25, -1, "7"), (123_456_789.125, 3, "123456789.125"), (1e20, 2, "1e+20"), (-9.1e15, 0, "-9.1e+15"),
    ] as [(Double, Int, String)])
    func aFixedDecimalIsTheSameTextFromAWriterAsFromATree(value: Double, decimals: Int, text: String) {
        // Given a number and a count of decimals (clamped to 0 ... 9; past an Int's exact range,
        // the shortest form)
        // When a writer writes it, and the tree's number spells it
        var writer = JSONWriter()
        writer.field("x", value, decimals: decimals)
        // Then both are the text, rounded half away from zero
        #expect(String(decoding: writer.closed(), as: UTF8.self) == "{\"x\":\(text)}")
        #expect(JSONNumberText.fixed(value, decimals: decimals) == text)
    }

    @Test func integersOfEveryDigitCountAreSpelledAsTheStandardLibrarySpellsThem() {
        // Given every power of ten an Int holds, the integers beside each, nought and both ends
        var integers = [0, 1, -1, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0...18 {
            integers += [power, power - 1, power + 1, -power, -(power - 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        for integer in integers {
            // When a writer writes it
            var writer = JSONWriter()
            writer.field("i", integer)
            // Then it has the standard library's digits, no fewer and no more
            #expect(String(decoding: writer.closed(), as: UTF8.self) == "{\"i\":\(integer)}")
        }
    }

    @Test func computedFiguresWithAllTheirDigitsAreSpelledAsTheStandardLibrarySpellsThem() {
        // Given doubles of random bit patterns between 0.001 and 10^9, running sums of leg
        // lengths as a run's distance is, the doubles beside every power of ten and of two there
        // (where the interval of what reads back is lopsided or the digit count changes), and odd
        // multiples of 2^-8 ... 2^-11 below 2^30, whose exact decimals are short enough to fall
        // half way between two shortest texts (603442349.30078125 is half way between
        // 603442349.3007812 and 603442349.3007813, which both read back as it: a tie), from a
        // fixed seed
        var random = SplitMix64(seed: 0xD15C0)
        let low = 1e-3.bitPattern, high = 1e9.bitPattern
        var numbers: [Double] = [1e-3, 1e9.nextDown, 0.01.nextDown, 0.01, 0.1.nextDown, 0.1, 603_442_349.300_781_25]
        var distance = 0.0
        for _ in 0..<60_000 {
            numbers.append(Double(bitPattern: low + random.next() % (high - low)))
            distance += Double(random.next() % 10_000) / 997
            numbers.append(distance)
            let fractionBits = 8 + Int(random.next() % 4)
            let odd = Double(random.next() % (1 << (fractionBits + 30)) | 1)
            numbers.append(Double(sign: .plus, exponent: -fractionBits, significand: odd))
        }
        for exponent in -3...8 {
            let power = [1e-3, 1e-2, 1e-1, 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8][exponent + 3]
            numbers += [power.nextDown, power.nextUp, power.nextDown.nextDown, power.nextUp.nextUp]
        }
        for exponent in -9...29 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            numbers += [power, power.nextUp, power.nextDown, power.nextDown.nextDown]
        }
        for value in numbers where value != value.rounded(.towardZero) {
            for signed in [value, -value] {
                // When a writer writes it
                var writer = JSONWriter()
                writer.field("n", signed)
                // Then it is the standard library's shortest form, and in the range it takes,
                // the one `ShortestDecimal` spells (not the standard library's, which the writer
                // falls back on)
                #expect(String(decoding: writer.closed(), as: UTF8.self) == "{\"n\":\(signed.description)}", "\(signed.bitPattern)")
                if value >= 0.01, value < 1e9 {
                    #expect(Self.shortestDecimalText(signed) == signed.description, "\(signed.bitPattern)")
                }
            }
        }
    }

    @Test func decimalsAsFilesAndReceiversWriteThemAreSpelledAsTheStandardLibrarySpellsThem() {
        // Given decimals with 1 to 12 digits after the point over every magnitude the short form
        // takes and past it, the doubles just beside them, sums that carry binary noise, and
        // the edges of each power of two, from a fixed seed
        var random = SplitMix64(seed: 0xDEC1)
        var numbers: [Double] = [0.1 + 0.2, 1e-3, 1e-3.nextDown, 1e9.nextDown, 8_796_093_022_207.5, 0.5.nextUp, 1.5.nextDown]
        for exponent in -12...32 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            numbers += [power.nextUp, power.nextDown, (power * 1.5).nextUp]
        }
        for _ in 0..<40_000 {
            let digits = Int(random.next() % 13)
            let units = Double(random.next() % 100_000_000_000_000)
            let scale = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12][digits]
            let value = (units / scale) / [1.0, 1e3, 1e6][Int(random.next() % 3)] * (random.next() % 2 == 0 ? 1 : -1)
            numbers += [value, value.nextUp, value.nextDown]
            numbers.append(Double(random.next() % 1_000_000) * 0.1 + Double(random.next() % 1000) * 0.001)
        }
        for value in numbers where value.isFinite && value != value.rounded(.towardZero) {
            // When a writer writes it
            var writer = JSONWriter()
            writer.field("n", value)
            // Then it is the standard library's shortest form, spelled by `ShortestDecimal` in
            // the range it takes
            #expect(String(decoding: writer.closed(), as: UTF8.self) == "{\"n\":\(value.description)}", "\(value.bitPattern)")
            if value.magnitude >= 0.01, value.magnitude < 1e9 {
                #expect(Self.shortestDecimalText(value) == value.description, "\(value.bitPattern)")
            }
        }
    }

    /// `ShortestDecimal`'s own text for `value`, nil when it leaves the value to the standard
    /// library.
    private static func shortestDecimalText(_ value: Double) -> String? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let end = bytes.withUnsafeMutableBufferPointer { ShortestDecimal.write(value, into: $0, at: 0) }
        return end.map { String(decoding: bytes[..<$0], as: UTF8.self) }
    }
}
