import MateRunDomain
import Testing
@testable import MateRunPresentation

@Suite("Braille canvas and charts")
struct BrailleChartTests {
    static func text(_ lines: [StyledLine]) -> [String] {
        lines.map { $0.rendered(width: 200, colour: false) }
    }

    @Test("each dot of a cell sets its own bit of the Braille block")
    func dotsMapToBrailleBits() {
        // Given a canvas of one cell
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        // When its top-left dot is set, then every dot
        canvas.plot(x: 0, y: 0)
        let one = Self.text(canvas.lines())
        for x in 0..<2 { for y in 0..<4 { canvas.plot(x: x, y: y) } }
        // Then the cell reads ⠁ (U+2801), then ⣿ (U+28FF)
        #expect(one == ["\u{2801}"])
        #expect(Self.text(canvas.lines()) == ["\u{28FF}"])
    }

    @Test("a line joins its ends, dots outside are ignored, and empty cells are spaces")
    func linesAndBounds() {
        var canvas = BrailleCanvas(columns: 3, rows: 1)
        canvas.line(from: (0, 3), to: (3, 3))
        canvas.plot(x: 99, y: -1)
        #expect(Self.text(canvas.lines()) == ["\u{28C0}\u{28C0}"])
    }

    @Test("a mark replaces its cell")
    func marks() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.line(from: (0, 0), to: (3, 0))
        canvas.mark("S", x: 0, y: 0)
        #expect(Self.text(canvas.lines()) == ["S\u{2809}"])
    }

    @Test("the route map keeps the route's shape and marks start and finish")
    func routeMap() {
        // Given a route due east then due north, 1 km each way, near the equator
        let route = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 0.009),
            Coordinate(latitude: 0.009, longitude: 0.009),
        ]
        // When drawn 21 columns wide (40 dots) with room for 10 lines
        let lines = Self.text(RouteMap.render(route, width: 21, maximumRows: 10))
        // Then the square route is as tall as wide: 40 dots across, 10 lines of 4 dots
        #expect(lines.count == 10)
        #expect(lines.last?.contains("S") == true)
        #expect(lines.first?.contains("F") == true)
        #expect(lines.allSatisfy { TerminalWidth.columns(of: $0) <= 21 })
        // And a track that never moved draws nothing
        #expect(RouteMap.render([route[0], route[0]], width: 40, maximumRows: 10).isEmpty)
    }

    @Test("a long run keeps a bounded trace, its last point included")
    func traceIsBounded() {
        var trace = RunTrace()
        for second in 1...(3 * RunTrace.pointLimit) {
            trace.record(RunSnapshot(elapsedSeconds: Double(second), distanceMetres: Double(second) * 3))
        }
        #expect(trace.points.count <= RunTrace.pointLimit)
        #expect(trace.points.last?.elapsedSeconds == Double(3 * RunTrace.pointLimit))
    }

    @Test("without a trace that can draw them, no chart is drawn")
    func noChartsWithoutData() {
        #expect(ResultCharts.sections(RunTrace(), ownName: "Alice", width: 80).isEmpty)
    }

    @Test("no line of the result with its map and charts is wider than the terminal", arguments: TerminalViewWidthTests.widths)
    func chartsFitTheWidth(width: Int) {
        let state = ResultViewModel(summary: Fixtures.summary, profile: Fixtures.alice).state
        for colour in [false, true] {
            for line in TerminalResultView.render(state, width: width, colour: colour, trace: Fixtures.pairTrace) {
                #expect(TerminalViewWidthTests.visibleColumns(line) <= width, "\(width): \(line)")
            }
        }
    }
}
