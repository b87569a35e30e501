import ContactCore
import ContactCoreTesting
import Foundation
import Testing

/// Every fixture runs through ``VCardCheck`` and ``VCardExportCheck`` on each `swift test`, as
/// libFuzzer runs its corpus (which `ReplayTests` replays with the other targets').
@Suite("VCard fixtures through the fuzz check")
struct VCardCorpusReplayTests {
    static func inputs() -> [URL] {
        ["Tests/Fixtures/vcard"].flatMap { folder in
            let directory = VCardFixtures.root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs().count >= VCardFixtures.names.count)
    }

    @Test func everyInputPassesTheCheck() throws {
        for file in Self.inputs() {
            let bytes = try [UInt8](Data(contentsOf: file))
            if let failure = VCardCheck.check(bytes) ?? VCardExportCheck.check(bytes) {
                Issue.record("\(file.lastPathComponent):\n\(failure)")
            }
        }
    }

    /// FuzzVCard's second language: a leading zero, two header bytes, then per line a property,
    /// a modifier, parameters and a value by index (`Fuzz/FORMAT.md`).
    @Test func aLeadingZeroSpellsAFileFromTheVocabulary() throws {
        // NOTE with the vocabulary's "a\\,b", a card break, FN with a run of 60 "x" (a count byte is taken modulo 64).
        let bytes: [UInt8] = [0, 0, 0, 16, 0, 4, 0xFF, 1, 0, 0x80, 0xF0, 60 + 64]
        let input = VCardText.input(bytes)
        #expect(String(decoding: input.file, as: UTF8.self) == "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:a\\,b\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(String(repeating: "x", count: 60))\r\nEND:VCARD\r\n")
        #expect(input.keys == nil && !input.smallLimits && input.exportVersion == .v3_0)
        let contacts = try VCardSerialization.contacts(from: Data(input.file))
        #expect(contacts.map(\.note) == ["a,b", ""])
        #expect(VCardCheck.check(bytes) == nil && VCardExportCheck.check(bytes) == nil)
        // The header's line-end bits: LF (1), CR (2), CR CR LF (3); a modifier's bit 3 writes quoted-printable.
        #expect(VCardText.input([0, 1 << 2, 0]).file == Array("BEGIN:VCARD\nVERSION:3.0\nEND:VCARD\n".utf8))
        #expect(VCardText.input([0, 2 << 2 | 3, 0]).file == Array("BEGIN:VCARD\rEND:VCARD\r".utf8))
        #expect(VCardText.input([0, 3 << 2 | 2, 0, 16, 8, 0x80, 13, 6]).file
            == Array("BEGIN:VCARD\r\r\nVERSION:2.1\r\r\nNOTE;QUOTED-PRINTABLE:=C3=A9\r\r\nEND:VCARD\r\r\n".utf8))
        // After 0x01, a header and the file as it is; anything else is a file as it is.
        let explicit = VCardInput(file: Array("BEGIN:VCARD".utf8), smallLimits: true, keys: [.givenName, .note], exportVersion: .v4_0)
        #expect(VCardText.input(explicit.bytes) == explicit)
        #expect(VCardText.input(Array("BEGIN:VCARD".utf8)).file == Array("BEGIN:VCARD".utf8))
    }

    /// The check's own folding oracle rejects what the writer must never produce.
    @Test func theFoldingOracleCatchesBadLines() {
        let long = Array(String(repeating: "a", count: 76).utf8) + [13, 10]
        #expect(VCardExportCheck.foldingProblem(long) != nil)
        #expect(VCardExportCheck.foldingProblem(Array("NOTE:x\n".utf8)) != nil)
        let splitAfter: [UInt8] = Array("NOTE:".utf8) + [0xC3, 13, 10, 32, 0xA9, 13, 10]
        #expect(VCardExportCheck.foldingProblem(splitAfter) != nil)
        let good = Array(String(repeating: "a", count: 75).utf8) + [13, 10, 32] + Array("b".utf8) + [13, 10]
        #expect(VCardExportCheck.foldingProblem(good) == nil)
    }
}
