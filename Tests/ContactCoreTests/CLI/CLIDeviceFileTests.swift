import ContactCore
import Foundation
import Testing

/// `contactcore init`, `import` and `export`, run as the built executable.
@Suite("contactcore — init, import, export")
struct CLIDeviceFileTests {
    static func fixture(_ name: String) -> String { VCardFixtures.folder.appendingPathComponent(name).path }

    /// Mapped fields survive `init --vcard` then the person's `export`, for every fixture.
    @Test(arguments: VCardFixtures.names)
    func initFromVCardThenExportGivesTheCardsBack(_ name: String) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let created = try await tool.succeed("init", "d.db", "--seed", "1", "--vcard", Self.fixture(name))
        let expected = try VCardFixtures.contacts(name)
        let ignored = try VCardSerialization.read(Data(contentsOf: URL(fileURLWithPath: Self.fixture(name)))).report.ignoredPropertyNames
        let ignoredLine = ignored.isEmpty ? "" : "Ignored (no field holds them): "
            + ignored.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ") + "\n"
        #expect(created.text == "Created d.db with \(expected.count) contact\(expected.count == 1 ? "" : "s").\n" + ignoredLine)
        let exported = try await tool.succeed("export", "d.db")
        #expect(try VCardSerialization.contacts(from: exported.output) == expected)
        try await tool.succeed("export", "d.db", "--vcard-version", "4.0", "--output", "out.vcf")
        let four = try Data(contentsOf: tool.folder.appendingPathComponent("out.vcf"))
        #expect(String(decoding: four, as: UTF8.self).contains("VERSION:4.0"))
        #expect(try VCardSerialization.contacts(from: four) == expected)
    }

    /// JSON escapes what it must and nothing else: the international fixture's names and notes
    /// (CJK, Hebrew, Arabic, emoji, backslashes, quotes, newlines) parse back as the library reads them.
    @Test func jsonCarriesEveryCharacter() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try await tool.succeed("init", "d.db", "--vcard", Self.fixture("international-3.0.vcf"))
        let listed = try await tool.succeed("list", "d.db", "--keys", "all", "--sort", "none", "--format", "json").objects()
        let expected = try VCardFixtures.contacts("international-3.0.vcf")
        #expect(listed.map { $0["givenName"] as? String } == expected.map(\.givenName))
        #expect(listed.map { $0["familyName"] as? String } == expected.map(\.familyName))
        #expect(listed.map { $0["note"] as? String } == expected.map(\.note))
        #expect(listed.map { $0["jobTitle"] as? String } == expected.map(\.jobTitle))
        #expect(expected.contains { $0.note.contains("\\") && $0.note.contains("\n") })
    }

    @Test func theSameSeedGivesTheSameIdentifiers() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try await tool.succeed("init", "a.db", "--seed", "9", "--vcard", Self.fixture("google-3.0.vcf"))
        try await tool.succeed("init", "b.db", "--seed", "9", "--vcard", Self.fixture("google-3.0.vcf"))
        try await tool.succeed("init", "c.db", "--seed", "10", "--vcard", Self.fixture("google-3.0.vcf"))
        func identifiers(_ file: String) async throws -> [String] {
            try await tool.succeed("list", file, "--format", "json", "--sort", "none").objects().compactMap { $0["identifier"] as? String }
        }
        #expect(try await identifiers("a.db") == identifiers("b.db"))
        #expect(try await identifiers("a.db") != identifiers("c.db"))
        #expect(try await identifiers("a.db").count == 2)
    }

    @Test func anEmptyDeviceThenImportsAsThePersonAndAsAnApp() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        #expect(try await tool.succeed("init", "d.db").text == "Created d.db with 0 contacts.\n")
        #expect(try await tool.succeed("list", "d.db", "--format", "json").objects().isEmpty)
        let person = try await tool.succeed("import", "d.db", Self.fixture("google-3.0.vcf"), "--format", "json").object()
        #expect((person["identifiers"] as? [String])?.count == 2)
        #expect(person["ignoredProperties"] as? [String: Int] == ["CATEGORIES": 2])

        // A limited app's imported contacts join what it sees; the note needs the entitlement.
        try await tool.succeed("app", "request", "d.db", "--app", "com.example.chat", "--answer", "limited")
        let imported = try await tool.succeed("import", "d.db", Self.fixture("apple-3.0.vcf"), "--app", "com.example.chat",
                                        "--author", "chat-sync")
        #expect(imported.text == """
            Imported 2 contacts from \(Self.fixture("apple-3.0.vcf")) as com.example.chat.
            Ignored (no field holds them): CATEGORIES ×1, NOTE ×1, PRODID ×2, X-ABUID ×1

            """)
        let seen = try await tool.succeed("list", "d.db", "--app", "com.example.chat", "--format", "json", "--keys", "all").objects()
        #expect(Set(seen.compactMap { $0["familyName"] as? String }) == ["Appleseed", ""])
        #expect(seen.allSatisfy { $0["note"] == nil })
        #expect(try await tool.succeed("list", "d.db", "--format", "json").objects().count == 4)
    }

    /// An app's export holds only the contacts it sees and the keys it may read.
    @Test func anAppExportsOnlyWhatItMaySee() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try await tool.succeed("init", "d.db", "--seed", "1", "--vcard", Self.fixture("apple-3.0.vcf"))
        try await tool.succeed("app", "request", "d.db", "--app", "com.example.chat", "--answer", "limited", "--contact-named", "john")
        let fixture = try VCardFixtures.contacts("apple-3.0.vcf")
        var withoutNote = fixture[0]
        withoutNote.note = ""
        let exported = try await VCardSerialization.contacts(from: tool.succeed("export", "d.db", "--app", "com.example.chat").output)
        #expect(exported == [withoutNote])
        let entitled = try await tool.succeed("export", "d.db", "--app", "com.example.chat", "--notes-entitlement")
        #expect(try VCardSerialization.contacts(from: entitled.output) == [fixture[0]])
        // Denied: nothing to export, as an error of the library.
        try await tool.succeed("app", "settings", "d.db", "--app", "com.example.chat", "--access", "denied")
        try await tool.fail("export", "d.db", "--app", "com.example.chat", code: "ContactError 100")
        try await tool.fail("import", "d.db", Self.fixture("google-3.0.vcf"), "--app", "com.example.chat", code: "ContactError 100")
    }

    @Test func aPipedImportShowsNoProgress() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try await tool.succeed("init", "d.db")
        // Piped: no progress line (the test runs it with standard error in a file).
        let piped = try await tool.run(["import", "d.db", Self.fixture("google-3.0.vcf")], environment: ["CONTACTCORE_PROGRESS_DELAY_MS": "0"])
        #expect(piped.status == 0 && piped.error.isEmpty, "\(piped)")
    }

    #if os(Linux)
    /// On a terminal (util-linux `script` gives the command one): the line, then cleared.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script") && Tool.executable != nil,
                   "needs util-linux's script and the built tool"))
    func aLongImportOnATerminalShowsItsProgress() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try await tool.succeed("init", "d.db")
        let executable = try #require(Tool.executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(executable.path)' import d.db '\(Self.fixture("apple-3.0.vcf"))'", "/dev/null"]
        process.currentDirectoryURL = tool.folder
        process.environment = ProcessInfo.processInfo.environment.merging(["CONTACTCORE_PROGRESS_DELAY_MS": "0"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let terminal = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(terminal)")
        #expect(terminal.contains("\r\u{1B}[2KOpening d.db…"), "\(terminal.debugDescription)")
        #expect(terminal.contains("\r\u{1B}[2KImported 2 contacts"), "\(terminal.debugDescription)")
    }
    #endif
}
