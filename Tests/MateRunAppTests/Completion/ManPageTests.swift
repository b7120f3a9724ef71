import Foundation
@testable import MateRunApp
import Testing

/// `materun man`'s page, checked by the tools that will read it: mandoc's linter, groff with
/// every warning on, and `man -l`.
@Suite("the man page")
struct ManPageTests {
    @Test func everyCommandAndOptionIsInThePage() {
        // Given the generated page
        let page = ManPage.text()
        // Then each command has its section and each option its tagged paragraph
        for spec in CommandRegistry.specs {
            #expect(page.contains(".SS \(spec.name)\n"), "no section for \(spec.name)")
            for option in spec.options {
                #expect(page.contains(".B " + ManPage.text(option.name)), "\(spec.name): no \(option.name)")
            }
        }
    }

    @Test func runningTextCannotBeReadAsARequest() {
        // Given lines that start like roff requests or hold a backslash
        // Then they are escaped to be printed as they are
        #expect(ManPage.text(".hidden") == "\\&.hidden")
        #expect(ManPage.text("'quoted") == "\\&'quoted")
        #expect(ManPage.text("a\\b --x") == "a\\eb \\-\\-x")
    }

    @Test(.enabled(if: ExternalTool.runnable("mandoc"), ExternalTool.skipReason("mandoc", package: "mandoc")))
    func mandocsLinterFindsNothing() async throws {
        // When mandoc lints the page with every warning
        let lint = try await ExternalTool.run("mandoc", ["-Tlint", "-Wall"], input: ManPage.text())
        // Then it says nothing and exits 0
        #expect(lint.output + lint.errors == "")
        #expect(lint.status == 0)
    }

    @Test(.enabled(if: ExternalTool.runnable("groff"), ExternalTool.skipReason("groff", package: "groff")))
    func groffWithEveryWarningRendersItSilently() async throws {
        // When groff renders it with every warning on
        let render = try await ExternalTool.run("groff", ["-ww", "-man", "-Tutf8", "-P-cbou"], input: ManPage.text())
        // Then there is no warning, and the page has its sections
        #expect(render.errors == "")
        #expect(render.status == 0)
        #expect(render.output.contains("SYNOPSIS") && render.output.contains("EXIT STATUS"))
    }

    @Test(.enabled(if: ExternalTool.runnable("man"), ExternalTool.skipReason("man", package: "man-db")))
    func manRendersTheFile() async throws {
        // Given the page in a file
        let path = NSTemporaryDirectory() + "materun-\(UUID().uuidString).1"
        try ManPage.text().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When man renders it
        let render = try await ExternalTool.run("man", ["-l", path], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        // Then it shows the group create command with its --mode values
        #expect(render.status == 0, "man: \(render.errors)")
        #expect(render.output.contains("group create") && render.output.contains("race|team"))
    }
}
