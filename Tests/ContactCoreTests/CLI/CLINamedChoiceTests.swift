import Foundation
import Testing

/// Every `--*-named` option acts on all the contacts whose name matches, each once (Decisions,
/// "The command-line tool"; issue 47): three contacts match "Lee", one does not.
@Suite("contactcore — a name with several matches")
struct CLINamedChoiceTests {
    static let file = Data(("BEGIN:VCARD\nVERSION:3.0\nN:Lee;Ann;;;\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:3.0\nN:Smith;Lee;;;\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:3.0\nN:Bell;Kate;;;\nORG:Lee & Co\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:3.0\nN:Bell;Bo;;;\nEND:VCARD\n").utf8)
    static let app = "com.example.chat"

    /// A device of the four, the app limited to every Lee; returns the Lees' and Bo's identifiers.
    static func device(_ tool: Tool) async throws -> (lees: [String], bo: String) {
        try file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        try await tool.succeed("init", "d.db", "--vcard", "a.vcf")
        let people = try await tool.succeed("list", "d.db", "--format", "json").objects()
        let bo = try #require(people.first { $0["givenName"] as? String == "Bo" }?["identifier"] as? String)
        let lees = people.compactMap { $0["identifier"] as? String }.filter { $0 != bo }.sorted()
        try #require(lees.count == 3)
        let granted = try await tool.succeed("app", "request", "d.db", "--app", app, "--answer", "limited",
                                             "--contact-named", "Lee", "--format", "json").object()
        #expect(granted["permitted"] as? [String] == lees, "--contact-named grants every match")
        return (lees, bo)
    }

    @Test func settingsRemoveNamedRemovesEveryMatch() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let (_, bo) = try await Self.device(tool)
        try await tool.succeed("app", "settings", "d.db", "--app", Self.app, "--add-named", "Bo")
        let after = try await tool.succeed("app", "settings", "d.db", "--app", Self.app, "--remove-named", "Lee",
                                           "--format", "json").object()
        #expect(after["permitted"] as? [String] == [bo])
    }

    @Test func settingsAddNamedAddsEveryMatch() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let (lees, bo) = try await Self.device(tool)
        try await tool.succeed("app", "settings", "d.db", "--app", Self.app, "--access", "limited", "--contact-named", "Bo")
        let after = try await tool.succeed("app", "settings", "d.db", "--app", Self.app, "--add-named", "Lee",
                                           "--format", "json").object()
        #expect(after["permitted"] as? [String] == (lees + [bo]).sorted())
    }

    @Test func pickerRemoveNamedAndAddNamedActOnEveryMatch() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let (lees, bo) = try await Self.device(tool)
        let removed = try await tool.succeed("app", "picker", "d.db", "--app", Self.app, "--remove-named", "Lee",
                                             "--format", "json").object()
        #expect((removed["app"] as? [String: Any])?["permitted"] as? [String] == [])
        let added = try await tool.succeed("app", "picker", "d.db", "--app", Self.app, "--add-named", "Lee", "--add-named", "Bo",
                                           "--format", "json").object()
        #expect((added["newlyGranted"] as? [String])?.sorted() == (lees + [bo]).sorted())
    }

    @Test func buttonChooseNamedApprovesEveryMatchingRow() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let (lees, _) = try await Self.device(tool)
        try await tool.succeed("app", "settings", "d.db", "--app", Self.app, "--access", "limited")
        let tapped = try await tool.succeed("app", "button", "d.db", "--app", Self.app, "--query", "lee", "--tap",
                                            "--choose-named", "Lee", "--format", "json").object()
        let outcome = try #require(tapped["outcome"] as? [String: Any])
        #expect(outcome["result"] as? String == "approved" && (outcome["identifiers"] as? [String])?.sorted() == lees)
    }
}
