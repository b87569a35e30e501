import ContactCore
import Foundation
import Testing

/// `contactcore list`, `search` and `show`: what the person and each app see, in every format.
@Suite("contactcore — list, search, show")
struct CLIReadTests {
    let tool: Tool
    let device: CLIFixture

    init() throws {
        tool = try Tool()
        device = try CLIFixture(at: tool.path("d.db"))
    }

    func identifiers(_ arguments: String...) async throws -> [String] {
        try await tool.succeed(arguments + ["--format", "json"]).objects().compactMap { $0["identifier"] as? String }
    }

    @Test func jsonHasStableFieldNames() async throws {
        defer { tool.remove() }
        let contacts = try await tool.succeed("list", "d.db", "--format", "json", "--sort", "none").objects()
        #expect(contacts.count == 2)
        #expect(Set(contacts[0].keys) == ["identifier", "contactType", "givenName", "familyName", "organizationName",
                                          "phoneNumbers", "emailAddresses"])
        #expect(contacts[0]["identifier"] as? String == device.kate)
        #expect(contacts[0]["contactType"] as? String == "person")
        #expect(contacts[0]["givenName"] as? String == "Kate")
        let phones = try #require(contacts[0]["phoneNumbers"] as? [[String: Any]])
        #expect(phones.map { $0["value"] as? String } == ["(555) 564-8583", "(415) 555-3695"])
        #expect(phones.map { $0["label"] as? String } == ["_$!<Mobile>!$_", "_$!<Work>!$_"])
        #expect(phones.allSatisfy { ($0["identifier"] as? String)?.hasSuffix(":M") == true })

        let all = try await tool.succeed("show", "d.db", device.kate, "--format", "json").objects()
        #expect(Set(all[0].keys) == Set(["identifier", "contactType"] + ContactKey.allCases.map(\.rawValue)))
        let birthday = try #require(all[0]["birthday"] as? [String: Any])
        #expect(birthday["calendar"] as? String == "gregorian")
        #expect([birthday["year"], birthday["month"], birthday["day"]].map { $0 as? Int } == [1978, 1, 20])
        #expect(try await tool.succeed("show", "d.db", device.kate, "--keys", "dates", "--format", "json").text.contains("\"dates\": []"))
        #expect(all[0]["note"] as? String == "Google keeps notes on one line\nand escapes newlines.")
        #expect(all[0]["imageData"] is NSNull)

        let few = try await tool.succeed("list", "d.db", "--keys", "familyName", "--format", "json").objects()
        #expect(few.map { Set($0.keys) } == [["identifier", "contactType", "familyName"], ["identifier", "contactType", "familyName"]])
    }

    @Test func eachReaderSeesWhatItsAccessAllows() async throws {
        defer { tool.remove() }
        let before = tool.snapshot()
        defer { #expect(tool.snapshot() == before, "a read changed the folder (the file, or SQLite's -wal and -shm left behind)") }
        #expect(try await identifiers("list", "d.db") == [device.daniel, device.kate])
        #expect(try await identifiers("list", "d.db", "--app", CLIFixture.crm) == [device.daniel, device.kate])
        #expect(try await identifiers("list", "d.db", "--app", CLIFixture.chat) == [device.daniel])
        #expect(try await identifiers("list", "d.db", "--sort", "family-name") == [device.kate, device.daniel])
        let vcard = try await tool.succeed("list", "d.db", "--app", CLIFixture.chat, "--format", "vcard", "--keys", "all")
        #expect(try VCardSerialization.contacts(from: vcard.output).map(\.familyName) == ["Higgins"])
    }

    @Test func searchByEachPredicate() async throws {
        defer { tool.remove() }
        #expect(try await identifiers("search", "d.db", "--name", "kat") == [device.kate])
        #expect(try await identifiers("search", "d.db", "--name", "kat", "--app", CLIFixture.chat).isEmpty)
        #expect(try await identifiers("search", "d.db", "--phone", "564 8583", "--app", CLIFixture.crm) == [device.kate])
        #expect(try await identifiers("search", "d.db", "--email", "D-HIGGINS@mac.example", "--app", CLIFixture.chat) == [device.daniel])
        #expect(try await identifiers("search", "d.db", "--group", "Friends", "--app", CLIFixture.crm) == [device.kate])
        #expect(try await identifiers("search", "d.db", "--group", device.friends) == [device.kate])
        // The group is the person's organisation, which any app with access sees; Kate is not.
        #expect(try await identifiers("search", "d.db", "--group", "Friends", "--app", CLIFixture.chat).isEmpty)
        #expect(try await identifiers("search", "d.db", "--identifier", device.kate, "--identifier", device.daniel,
                                "--app", CLIFixture.chat) == [device.daniel])
        try await tool.fail("search", "d.db", "--group", "Family", code: "ToolError 9")
        try await tool.fail("search", "d.db", "--name", "!!", code: "ContactError 400")
    }

    @Test func showTellsNoInvisibleContactFromAMissingOne() async throws {
        defer { tool.remove() }
        let invisible = try await tool.fail("show", "d.db", device.kate, "--app", CLIFixture.chat, code: "ContactError 200")
        let missing = try await tool.fail("show", "d.db", "0000000000000:P", "--app", CLIFixture.chat, code: "ContactError 200")
        #expect(invisible.error.replacingOccurrences(of: device.kate, with: "X")
                == missing.error.replacingOccurrences(of: "0000000000000:P", with: "X"))
        let shown = try await tool.succeed("show", "d.db", device.daniel, "--app", CLIFixture.chat)
        let rows = shown.text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.prefix(4) == [["identifier", device.daniel], ["contactType", "person"], ["givenName", "Daniel"],
                                   ["familyName", "Higgins"]])
        #expect(rows.contains(["phoneNumbers", "home", "555-478-7672"]))
        #expect(rows.contains(["birthday", "--05-17"]))
        #expect(!rows.contains { $0.first == "note" })
        try await tool.fail("show", "d.db", device.daniel, "--app", CLIFixture.chat, "--keys", "note", code: "ContactError 102")
        #expect(try await tool.succeed("show", "d.db", device.daniel, "--app", CLIFixture.chat, "--notes-entitlement",
                                 "--keys", "note", "--format", "json").objects().first?["note"] as? String == "")
    }

    @Test func theTableIsForPeople() async throws {
        defer { tool.remove() }
        let table = try await tool.succeed("list", "d.db", "--app", CLIFixture.chat, "--keys", "givenName,familyName,emailAddresses")
        #expect(table.text == """
            identifier       givenName  familyName  emailAddresses
            \(device.daniel)  Daniel     Higgins     d-higgins@mac.example

            """)
    }
}
