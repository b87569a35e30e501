import Foundation
import Testing

/// The README's "Try it in a terminal" session, run again: every command must print what the
/// README shows. And every subcommand's help has an example.
@Suite("contactcore — README session and help")
struct CLIReadmeTests {
    static let readme = ReplayTests.root.appendingPathComponent("README.md")

    /// The `$ contactcore …` commands of the section's console block, each with the lines it prints.
    static func session() throws -> [(arguments: [String], output: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Try it in a terminal").dropFirst().first,
                                   "README.md has no section \"Try it in a terminal\"")
        let block = try #require(section.components(separatedBy: "```console\n").dropFirst().first?
            .components(separatedBy: "```").first)
        var steps: [(arguments: [String], output: String)] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("$ ") {
                let words = try words(of: line.dropFirst(2))
                steps.append((Array(words.dropFirst()), ""))
                #expect(words.first == "contactcore", "not a contactcore command: \(line)")
            } else if !steps.isEmpty {
                steps[steps.count - 1].output += line + "\n"
            }
        }
        return steps
    }

    /// Shell words: spaces split, double quotes group; nothing else is special here.
    static func words(of line: Substring) throws -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in line {
            switch character {
            case "\"": quoted.toggle(); current = current ?? ""
            case " " where !quoted:
                if let word = current { words.append(word) }
                current = nil
            default: current = (current ?? "") + String(character)
            }
        }
        #expect(!quoted, "unbalanced quotes in \(line)")
        if let current { words.append(current) }
        return words
    }

    @Test func theTerminalSessionStillPrintsWhatTheReadmeShows() async throws {
        let steps = try Self.session()
        #expect(steps.count == 5)
        let tool = try Tool()
        defer { tool.remove() }
        // The session runs at the package's root, where the fixture's path starts.
        try FileManager.default.createSymbolicLink(at: tool.folder.appendingPathComponent("Tests"),
                                                   withDestinationURL: ReplayTests.root.appendingPathComponent("Tests"))
        for step in steps {
            let run = try await tool.run(step.arguments)
            #expect(run.status == 0, "\(step.arguments): \(run)")
            #expect(run.text == step.output, "contactcore \(step.arguments.joined(separator: " "))")
        }
    }

    static let subcommands: [[String]] = [
        [], ["init"], ["import"], ["export"], ["list"], ["search"], ["show"], ["history"], ["replay"], ["app"],
        ["app", "status"], ["app", "request"], ["app", "settings"], ["app", "picker"], ["app", "button"],
    ]

    @Test(arguments: subcommands)
    func helpHasAnExample(_ command: [String]) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let run = try await tool.succeed(command + ["--help"])
        #expect(run.text.contains("Example"), "\(run.text)")
        #expect(run.text.contains("  contactcore " + (command.first ?? "")), "\(run.text)")
    }
}
