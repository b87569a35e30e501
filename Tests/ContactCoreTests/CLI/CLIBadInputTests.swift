import ContactCore
import Foundation
import GRDB
import Testing

/// Bad input to `contactcore`: one line with a code on standard error, exit status 1, and no
/// file written. Usage errors: argument-parser's message and exit status 2.
@Suite("contactcore — bad input")
struct CLIBadInputTests {
    static let fixture = VCardFixtures.folder.appendingPathComponent("google-3.0.vcf").path

    /// Every command that opens a device, as the person or as `com.example.crm`.
    static let deviceCommands: [[String]] = [
        ["list", "d.db"], ["search", "d.db", "--name", "kate"], ["show", "d.db", "X:P"], ["export", "d.db"],
        ["import", "d.db", fixture], ["history", "d.db", "--app", "com.example.crm"], ["app", "status", "d.db"],
        ["app", "request", "d.db", "--app", "com.example.crm", "--answer", "full"],
        ["app", "settings", "d.db", "--app", "com.example.crm", "--access", "full"],
        ["app", "picker", "d.db", "--app", "com.example.crm"],
        ["app", "button", "d.db", "--app", "com.example.crm", "--query", "kate", "--tap"],
    ]

    @Test(arguments: deviceCommands)
    func aMissingDeviceFile(_ command: [String]) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        try await fail(tool, command, code: "ToolError 1")
        #expect(tool.snapshot().isEmpty)
    }

    enum Damage: String, CaseIterable, Sendable {
        case text, empty, foreignSQLite, truncated
    }

    /// Every command on one damage, and every damage on a read, an import and a change of access.
    static let damagedRuns: [(Damage, [String])] = deviceCommands.map { (.truncated, $0) }
        + [Damage.text, .empty, .foreignSQLite].flatMap { damage in
            [deviceCommands[0], deviceCommands[4], deviceCommands[8]].map { (damage, $0) }
        }

    @Test(arguments: damagedRuns)
    func aCorruptDeviceFile(_ damage: Damage, _ command: [String]) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        let path = tool.path("d.db")
        switch damage {
        case .text: try Data("name,phone\nKate,555\n".utf8).write(to: URL(fileURLWithPath: path))
        case .empty: try Data().write(to: URL(fileURLWithPath: path))
        case .foreignSQLite:
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi')") }
            try queue.close()
        case .truncated:
            _ = try CLIFixture(at: path)
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let run = try await fail(tool, command, code: "ContactError 91")
        #expect(["ContactError 912", "ContactError 913"].contains { run.error.contains($0) }, "\(run.error)")
    }

    @Test(arguments: [
        ["list", "d.db", "--app", "com.example.crn"], ["search", "d.db", "--name", "kate", "--app", "com.example.crn"],
        ["show", "d.db", "X:P", "--app", "com.example.crn"], ["export", "d.db", "--app", "com.example.crn"],
        ["import", "d.db", fixture, "--app", "com.example.crn"], ["history", "d.db", "--app", "com.example.crn"],
        ["app", "status", "d.db", "--app", "com.example.crn"],
        ["app", "settings", "d.db", "--app", "com.example.crn", "--access", "full"],
        ["app", "picker", "d.db", "--app", "com.example.crn"],
    ])
    func anUnknownApp(_ command: [String]) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        _ = try CLIFixture(at: tool.path("d.db"))
        let run = try await fail(tool, command, code: "ToolError 2")
        #expect(run.error.contains("known: com.example.chat, com.example.crm"))
    }

    @Test func anUnreadableVCard() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        _ = try CLIFixture(at: tool.path("d.db"))
        try Data("BEGIN:VCARD\nVERSION:3.0\nFN:Ada\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN Bob\nEND:VCARD\n".utf8)
            .write(to: URL(fileURLWithPath: tool.path("bad.vcf")))
        try FileManager.default.createDirectory(atPath: tool.path("folder.vcf"), withIntermediateDirectories: false)
        for file in ["missing.vcf", "folder.vcf"] {
            try await fail(tool, ["import", "d.db", file], code: "ToolError 4")
            try await fail(tool, ["init", "new.db", "--vcard", file], code: "ToolError 4")
        }
        let bad = try await fail(tool, ["import", "d.db", "bad.vcf", "--app", "com.example.crm"], code: "VCardError 12")
        #expect(bad.error.hasPrefix("Error: bad.vcf: VCardError 12 (missingColon) in card 2 at line 7"), "\(bad.error)")
        try await fail(tool, ["init", "new.db", "--vcard", "bad.vcf"], code: "VCardError 12")
        #expect(!FileManager.default.fileExists(atPath: tool.path("new.db")))
    }

    @Test func initNeverReplacesAFile() async throws {
        let tool = try Tool()
        defer { tool.remove() }
        _ = try CLIFixture(at: tool.path("d.db"))
        try await fail(tool, ["init", "d.db"], code: "ToolError 5")
        try await fail(tool, ["init", "d.db", "--vcard", Self.fixture], code: "ToolError 5")
    }

    @Test(arguments: [
        ["frobnicate"], ["list"], ["list", "d.db", "--format", "xml"], ["list", "d.db", "--keys", "givenName,shoeSize"],
        ["list", "d.db", "--sort", "age"], ["search", "d.db"], ["search", "d.db", "--name", "a", "--email", "a@b"],
        ["app", "request", "d.db", "--app", "x"], ["app", "request", "d.db", "--app", "x", "--answer", "full", "--contact", "y"],
        ["app", "settings", "d.db", "--app", "x"], ["app", "button", "d.db", "--app", "x", "--query", "a", "--choose-all"],
        ["import", "d.db", "a.vcf", "--author", "me"], ["init", "d.db", "--sort-order", "user-default"],
        ["replay", "nowhere"], ["replay", "a", "--target", "FuzzNothing"],
    ])
    func aUsageErrorExitsWithStatus2(_ command: [String]) async throws {
        let tool = try Tool()
        defer { tool.remove() }
        _ = try CLIFixture(at: tool.path("d.db"))
        let before = tool.snapshot()
        let run = try await tool.run(command)
        #expect(run.status == 2, "\(run)")
        #expect(run.error.contains("Usage:") || run.error.contains("USAGE:"), "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(tool.snapshot() == before)
    }

    @discardableResult
    func fail(_ tool: Tool, _ command: [String], code: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Tool.Run {
        let before = tool.snapshot()
        let run = try await tool.run(command)
        let text = "contactcore \(command.joined(separator: " "))"
        #expect(run.status == 1, "\(text): \(run)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1 && run.error.hasPrefix("Error: ") && run.error.contains(code),
                "\(text): \(run.error)", sourceLocation: sourceLocation)
        #expect(run.output.isEmpty, "\(text) printed \(run.text)", sourceLocation: sourceLocation)
        #expect(tool.snapshot() == before, "\(text) changed the folder", sourceLocation: sourceLocation)
        return run
    }
}
