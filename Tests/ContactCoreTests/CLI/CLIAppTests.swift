import ContactCore
import Foundation
import Testing

/// `contactcore app …`: the person's scripted side of an app's access.
@Suite("contactcore — app status, request, settings, picker, button")
struct CLIAppTests {
    let tool: Tool
    let device: CLIFixture

    init() throws {
        tool = try Tool()
        device = try CLIFixture(at: tool.path("d.db"))
    }

    func status(_ app: String) async throws -> (status: String?, permitted: [String]?) {
        let object = try await tool.succeed("app", "status", "d.db", "--app", app, "--format", "json").object()
        return (object["status"] as? String, object["permitted"] as? [String])
    }

    @Test func statusListsEveryKnownApp() async throws {
        defer { tool.remove() }
        let apps = try await tool.succeed("app", "status", "d.db", "--format", "json").objects()
        #expect(apps.map { $0["bundleIdentifier"] as? String } == [CLIFixture.chat, CLIFixture.crm])
        #expect(apps.map { $0["status"] as? String } == ["limited", "authorized"])
        #expect(try await tool.succeed("app", "status", "d.db").text == """
            app               status      permitted
            com.example.chat  limited     1
            com.example.crm   authorized

            """)
        #expect(try await status(CLIFixture.chat).permitted == [device.daniel])
    }

    @Test func requestPromptsOnceWithTheScriptedAnswer() async throws {
        defer { tool.remove() }
        let first = try await tool.succeed("app", "request", "d.db", "--app", "com.example.new", "--answer", "limited",
                                     "--contact-named", "kate", "--format", "json").object()
        #expect(first["prompted"] as? Bool == true)
        #expect(first["status"] as? String == "limited")
        #expect(first["permitted"] as? [String] == [device.kate])
        // Asked before: no prompt, nothing changes, whatever the answer.
        let again = try await tool.succeed("app", "request", "d.db", "--app", "com.example.new", "--answer", "full", "--format", "json").object()
        #expect(again["prompted"] as? Bool == false)
        #expect(again["status"] as? String == "limited")
        #expect(try await tool.succeed("app", "request", "d.db", "--app", "com.example.deny", "--answer", "deny").text.hasPrefix(
            "The person answered deny.\n\napp               status  permitted\ncom.example.deny  denied\n"))
        try await tool.fail("app", "request", "d.db", "--app", "com.example.other", "--answer", "limited", "--contact", "nobody",
                      code: "ToolError 6")
        try await tool.fail("app", "request", "d.db", "--app", "com.example.other", "--answer", "limited", "--contact-named", "zed",
                      code: "ToolError 6")
    }

    @Test func settingsChangeAndEditAccess() async throws {
        defer { tool.remove() }
        try await tool.succeed("app", "settings", "d.db", "--app", CLIFixture.chat, "--add-named", "kate")
        #expect(try await Set(status(CLIFixture.chat).permitted ?? []) == [device.kate, device.daniel])
        try await tool.succeed("app", "settings", "d.db", "--app", CLIFixture.chat, "--remove", device.daniel)
        #expect(try await status(CLIFixture.chat).permitted == [device.kate])
        try await tool.succeed("app", "settings", "d.db", "--app", CLIFixture.chat, "--access", "denied")
        #expect(try await status(CLIFixture.chat).status == "denied")
        #expect(try await status(CLIFixture.chat).permitted == [])
        try await tool.fail("app", "settings", "d.db", "--app", CLIFixture.chat, "--add", device.kate, code: "ContactError 500")
        try await tool.succeed("app", "settings", "d.db", "--app", CLIFixture.chat, "--access", "limited", "--contact", device.daniel)
        #expect(try await status(CLIFixture.chat).permitted == [device.daniel])
        try await tool.succeed("app", "settings", "d.db", "--app", CLIFixture.crm, "--access", "limited")
        #expect(try await identifiers("list", "d.db", "--app", CLIFixture.crm).isEmpty)
    }

    func identifiers(_ arguments: String...) async throws -> [String] {
        try await tool.succeed(arguments + ["--format", "json"]).objects().compactMap { $0["identifier"] as? String }
    }

    @Test func thePickerTellsTheAppOnlyWhatIsNew() async throws {
        defer { tool.remove() }
        let picked = try await tool.succeed("app", "picker", "d.db", "--app", CLIFixture.chat, "--add-named", "kate",
                                      "--add", device.daniel, "--format", "json").object()
        #expect(picked["pickerShown"] as? Bool == true)
        #expect(picked["newlyGranted"] as? [String] == [device.kate])
        let removed = try await tool.succeed("app", "picker", "d.db", "--app", CLIFixture.chat, "--remove", device.kate, "--format", "json").object()
        #expect(removed["newlyGranted"] as? [String] == [])
        #expect(try await status(CLIFixture.chat).permitted == [device.daniel])
        let full = try await tool.succeed("app", "picker", "d.db", "--app", CLIFixture.crm, "--add", device.kate)
        #expect(full.text.hasPrefix("No picker: only a limited app can present it; com.example.crm is authorized.\n"))
    }

    @Test func theButtonOffersWhatTheAppCannotSeeAndATapGrantsIt() async throws {
        defer { tool.remove() }
        let view = try await tool.succeed("app", "button", "d.db", "--app", CLIFixture.chat, "--query", "bell", "--format", "json").object()
        #expect(view["content"] as? String == "single")
        #expect((view["rows"] as? [[String: Any]])?.map { $0["identifier"] as? String } == [device.kate])
        // Daniel is already the app's: the button offers only what it cannot see.
        let seen = try await tool.succeed("app", "button", "d.db", "--app", CLIFixture.chat, "--query", "higgins", "--format", "json").object()
        #expect(seen["content"] as? String == "noMatch")
        let tap = try await tool.succeed("app", "button", "d.db", "--app", CLIFixture.chat, "--query", "bell", "--tap", "--format", "json").object()
        #expect((tap["outcome"] as? [String: Any])?["identifiers"] as? [String] == [device.kate])
        #expect(try await Set(status(CLIFixture.chat).permitted ?? []) == [device.kate, device.daniel])
        // An app that never asked sees the button; the person denies the simplified prompt.
        let denied = try await tool.succeed("app", "button", "d.db", "--app", "com.example.new", "--query", "kate", "--tap",
                                      "--prompt-answer", "deny", "--format", "json").object()
        #expect((denied["outcome"] as? [String: Any])?["result"] as? String == "declined")
        #expect(try await status("com.example.new").status == "denied")
        // Several matches open a list; the person picks one (John Appleseed and Acme match "a").
        try await tool.succeed("import", "d.db", VCardFixtures.folder.appendingPathComponent("apple-3.0.vcf").path)
        let list = try await tool.succeed("app", "button", "d.db", "--app", "com.example.list", "--query", "a", "--tap",
                                    "--choose-named", "acme", "--format", "json").object()
        let rows = try #require((list["view"] as? [String: Any])?["rows"] as? [[String: Any]])
        #expect((list["view"] as? [String: Any])?["content"] as? String == "list")
        #expect(rows.count >= 2)
        let acme = try #require(rows.first { $0["name"] as? String == "Acme Corporation" }?["identifier"] as? String)
        #expect((list["outcome"] as? [String: Any])?["identifiers"] as? [String] == [acme])
        #expect(try await status("com.example.list").permitted == [acme])
        let hidden = try await tool.succeed("app", "button", "d.db", "--app", CLIFixture.crm, "--query", "kate", "--tap")
        #expect(hidden.text.hasPrefix("Tapped: the system refused the tap: the button is not shown when the app is authorized.\n"))
        let refused = try await tool.succeed("app", "button", "d.db", "--app", CLIFixture.crm, "--query", "kate", "--tap", "--format", "json")
        #expect((try refused.object()["outcome"] as? [String: Any])?["refusal"] as? String == "notShown")
    }
}
