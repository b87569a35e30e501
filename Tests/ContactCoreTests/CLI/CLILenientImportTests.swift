import Foundation
import Testing

/// `--lenient` on `init --vcard` and `import` (SPEC 12): every card comes in, the property that
/// does not read stays out, and the output names it. Cards are counted from 1; a card or a
/// photo the read kept is never called skipped (issue 47).
@Suite("contactcore — lenient imports")
struct CLILenientImportTests {
    /// Three cards; the second's photo is base64 cut short (as an Android export can be), and
    /// its lines end in CR CR LF, as some mail paths leave an iPhone's export.
    static let file = Data((
        "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Doe;Jane;;;\r\r\nX-PRODUCT:1\r\r\nEND:VCARD\r\r\n"
            + "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Roe;Rob;;;\r\r\nPHOTO;ENCODING=b:iVBORw0KG\r\r\nTEL:555\r\r\nEND:VCARD\r\r\n"
            + "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Poe;Pat;;;\r\r\nEND:VCARD\r\r\n").utf8)

    @Test func aStrictImportRefusesTheFile() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Self.file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        try await tool.fail("init", "d.db", "--vcard", "a.vcf", code: "VCardError 26")
        #expect(!FileManager.default.fileExists(atPath: tool.path("d.db")))
    }

    @Test func initKeepsEveryCardAndThePhotoCutShort() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Self.file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        let run = try await tool.succeed("init", "d.db", "--vcard", "a.vcf", "--lenient")
        #expect(run.text == """
            Created d.db with 3 contacts.
            Kept part of PHOTO in card 2 (line 9): truncatedBase64 — The photo's base64 data ends in the middle of a byte (cut short); its first 6 bytes are kept.
            Kept in part: PHOTO ×1
            Ignored (no field holds them): X-PRODUCT ×1

            """, "\(run)")
        let listed = try await tool.succeed("list", "d.db", "--format", "json")
        #expect(listed.text.contains("\"Rob\"") && listed.text.contains("\"555\""), "\(listed)")
        let rob = try #require(try listed.objects().first { $0["givenName"] as? String == "Rob" }?["identifier"] as? String)
        let shown = try await tool.succeed("show", "d.db", rob, "--keys", "imageData", "--format", "json")
        #expect(try shown.objects().first?["imageData"] as? String == Data(base64Encoded: "iVBORw0K")?.base64EncodedString())
    }

    /// A dropped property and a card the end of the data closes: the first card is card 1, and
    /// the unclosed card is kept, never called skipped.
    @Test func theReportCountsCardsFrom1AndNeverCallsAKeptCardSkipped() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Data("BEGIN:VCARD\nVERSION:3.0\nFN:Ann\nBDAY:1985-13-01\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Bob\n".utf8)
            .write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        let run = try await tool.succeed("init", "d.db", "--vcard", "a.vcf", "--lenient")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run)")
        #expect(lines.first == "Created d.db with 2 contacts.")
        #expect(lines.dropFirst().first?.hasPrefix("Skipped BDAY in card 1 (line 4): invalidDate — ") == true, "\(run)")
        #expect(lines.dropFirst(2).first == "Kept card 2 without END:VCARD (line 6): missingEnd — The data ends before this card's END:VCARD.")
        #expect(lines.last == "Skipped properties: BDAY ×1")
        #expect(!run.text.contains("card 0") && !run.text.contains("Skipped card"))

        try await tool.succeed("init", "e.db")
        let json = try await tool.succeed("import", "e.db", "a.vcf", "--lenient", "--format", "json").object()
        let skipped = try #require(json["skippedProperties"] as? [[String: Any]])
        #expect(skipped.map { $0["property"] as? String } == ["BDAY"] && skipped.map { $0["card"] as? Int } == [1])
        let unclosed = try #require(json["unclosedCards"] as? [[String: Any]])
        #expect(unclosed.map { $0["reason"] as? String } == ["missingEnd"] && unclosed.map { $0["card"] as? Int } == [2])
        #expect((json["skippedCards"] as? [Any])?.isEmpty == true && (json["keptInPart"] as? [Any])?.isEmpty == true)
        #expect(json["skippedPropertyCounts"] as? [String: Int] == ["BDAY": 1])
    }

    @Test func importAsAnAppReportsInJSON() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Self.file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        try await tool.succeed("init", "d.db")
        let run = try await tool.succeed("import", "d.db", "a.vcf", "--lenient", "--format", "json")
        let json = try #require(try run.json() as? [String: Any])
        #expect((json["identifiers"] as? [String])?.count == 3)
        #expect((json["skippedProperties"] as? [Any])?.isEmpty == true)
        let kept = try #require(json["keptInPart"] as? [[String: Any]])
        #expect(kept.count == 1)
        #expect(kept.first?["property"] as? String == "PHOTO" && kept.first?["card"] as? Int == 2)
        #expect(kept.first?["line"] as? Int == 9 && kept.first?["reason"] as? String == "truncatedBase64")
        #expect(json["skippedPropertyCounts"] as? [String: Int] == [:])
        #expect((json["unclosedCards"] as? [Any])?.isEmpty == true)
        #expect(json["ignoredProperties"] as? [String: Int] == ["X-PRODUCT": 1])
        #expect((json["skippedCards"] as? [Any])?.isEmpty == true)
    }

    @Test func lenientNeedsAFile() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let run = try await tool.run("init", "d.db", "--lenient")
        #expect(run.status == 2 && run.error.contains("--vcard"), "\(run)")
    }
}
