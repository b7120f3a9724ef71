import MateRunPresentation
import Testing

@Suite("Text wrapped at its natural breaks")
struct TextWrapTests {
    let keys = "keys: space pause/resume · l lap · q stop and keep the run · Ctrl-C cancel"

    @Test func theKeysLineBreaksBetweenItsPartsAt40Columns() {
        // Given the keys line and a 40-column terminal
        // When it is wrapped
        let lines = TextWrap.lines(keys, width: 40)
        // Then no line is wider than 40 and every break falls between two parts
        #expect(lines == ["keys: space pause/resume · l lap", "q stop and keep the run · Ctrl-C cancel"])
    }

    @Test func aPartWiderThanTheLineBreaksBetweenWordsWithAnIndent() {
        // Given a part longer than the width
        // When it is wrapped to 20 columns
        let lines = TextWrap.lines("join with: materun join SCENARIO --connect 127.0.0.1:5000", width: 20, indent: "  ")
        // Then it breaks at spaces, continuation lines indented, and no word is cut
        #expect(lines == ["join with: materun", "  join SCENARIO", "  --connect", "  127.0.0.1:5000"])
        #expect(lines.allSatisfy { $0.count <= 20 })
    }

    @Test func textThatFitsIsLeftAlone() {
        #expect(TextWrap.lines(keys, width: 80) == [keys])
        #expect(TextWrap.lines("a\nb", width: 80) == ["a", "b"])
    }
}
