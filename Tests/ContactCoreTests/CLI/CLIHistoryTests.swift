import ContactCore
import Foundation
import Testing

/// `contactcore history`: events since a token, and the token to keep.
@Suite("contactcore — history")
struct CLIHistoryTests {
    @Test func aTokenGivesTheChangesSinceIt() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let device = try CLIFixture(at: tool.path("d.db"))
        let full = try await tool.succeed("history", "d.db", "--app", CLIFixture.crm, "--format", "json", "--include-groups").object()
        #expect(full["fullSyncReason"] as? String == "noToken")
        let events = try #require(full["events"] as? [[String: Any]])
        #expect(events.map { $0["type"] as? String } == ["dropEverything", "addContact", "addContact", "addGroup", "addMember"])
        #expect(((events[1]["contact"] as? [String: Any])?["givenName"] as? String) == "Kate")
        #expect(events[4]["groupIdentifier"] as? String == device.friends)
        let token = try #require(full["token"] as? String)

        try await tool.succeed("import", "d.db", VCardFixtures.folder.appendingPathComponent("outlook-2.1.vcf").path,
                         "--app", CLIFixture.crm, "--author", "sync")
        let since = try await tool.succeed("history", "d.db", "--app", CLIFixture.crm, "--since", token, "--format", "json").object()
        #expect(since["fullSyncReason"] is NSNull)
        #expect((since["events"] as? [[String: Any]])?.map { $0["type"] as? String } == ["addContact"])
        #expect(since["token"] as? String != token)
        let excluded = try await tool.succeed("history", "d.db", "--app", CLIFixture.crm, "--since", token, "--exclude-author", "sync",
                                        "--format", "json").object()
        #expect((excluded["events"] as? [Any])?.isEmpty == true)

        // A limited app only ever gets a full sync and the one limited token.
        let limited = try await tool.succeed("history", "d.db", "--app", CLIFixture.chat, "--since", token)
        #expect(limited.text == """
            event           identifier       detail
            dropEverything
            addContact      \(device.daniel)  Daniel Higgins
            full sync: limitedAccess
            token: \(Data(HistoryToken.limitedAccess.bytes).base64EncodedString())

            """)
    }

    @Test func aMalformedTokenIsAnError() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        _ = try CLIFixture(at: tool.path("d.db"))
        try await tool.fail("history", "d.db", "--app", CLIFixture.crm, "--since", "not base64!", code: "ToolError 3")
        try await tool.fail("history", "d.db", "--app", CLIFixture.crm, "--since", "AQAAAAAA", code: "ToolError 3")
        // Another device's token is well formed: a full sync, not an error.
        try await tool.succeed("init", "e.db")
        try await tool.succeed("app", "request", "e.db", "--app", CLIFixture.crm, "--answer", "full")
        let foreign = try #require(try await tool.succeed("history", "e.db", "--app", CLIFixture.crm, "--format", "json").object()["token"] as? String)
        let answer = try await tool.succeed("history", "d.db", "--app", CLIFixture.crm, "--since", foreign, "--format", "json").object()
        #expect(answer["fullSyncReason"] as? String == "foreignToken")
    }
}
