import Foundation
import Testing

/// `--lenient` on `init --vcard` and `import` (SPEC 12): every card comes in, the property that
/// does not read stays out, and the output names it.
@Suite("contactcore — lenient imports")
struct CLILenientImportTests {
    /// Three cards; the second's photo is truncated base64 (as an Android export can be), and
    /// its lines end in CR CR LF, as some mail paths leave an iPhone's export.
    static let file = Data((
        "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Doe;Jane;;;\r\r\nX-PRODUCT:1\r\r\nEND:VCARD\r\r\n"
            + "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Roe;Rob;;;\r\r\nPHOTO;ENCODING=b:iVBORw0KG\r\r\nTEL:555\r\r\nEND:VCARD\r\r\n"
            + "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:Poe;Pat;;;\r\r\nEND:VCARD\r\r\n").utf8)

    @Test func aStrictImportRefusesTheFile() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Self.file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        try await tool.fail("init", "d.db", "--vcard", "a.vcf", code: "VCardError 20")
        #expect(!FileManager.default.fileExists(atPath: tool.path("d.db")))
    }

    @Test func initKeepsEveryCardAndNamesTheSkippedProperty() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Self.file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        let run = try await tool.succeed("init", "d.db", "--vcard", "a.vcf", "--lenient")
        #expect(run.text == """
            Created d.db with 3 contacts.
            Skipped PHOTO in card 1 (line 9): invalidBase64 — Base64 data ends in the middle of a byte.
            Skipped properties: PHOTO ×1
            Ignored (no field holds them): X-PRODUCT ×1

            """, "\(run)")
        let listed = try await tool.succeed("list", "d.db", "--format", "json")
        #expect(listed.text.contains("\"Rob\"") && listed.text.contains("\"555\""), "\(listed)")
    }

    @Test func importAsAnAppReportsInJSON() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try Self.file.write(to: URL(fileURLWithPath: tool.path("a.vcf")))
        try await tool.succeed("init", "d.db")
        let run = try await tool.succeed("import", "d.db", "a.vcf", "--lenient", "--format", "json")
        let json = try #require(try run.json() as? [String: Any])
        #expect((json["identifiers"] as? [String])?.count == 3)
        let skipped = try #require(json["skippedProperties"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["property"] as? String == "PHOTO" && skipped.first?["card"] as? Int == 1)
        #expect(skipped.first?["line"] as? Int == 9 && skipped.first?["reason"] as? String == "invalidBase64")
        #expect(json["skippedPropertyCounts"] as? [String: Int] == ["PHOTO": 1])
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
