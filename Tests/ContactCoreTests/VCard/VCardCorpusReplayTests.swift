import ContactCore
import ContactCoreTesting
import Foundation
import Testing

/// Every fixture runs through ``VCardCheck`` on each `swift test`, as libFuzzer runs its
/// corpus (which `ReplayTests` replays with the other targets').
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
            if let failure = VCardCheck.check(bytes) {
                Issue.record("\(file.lastPathComponent):\n\(failure)")
            }
        }
    }

    /// FuzzVCard's second language: a leading zero, then property names, values and runs by index.
    @Test func aLeadingZeroSpellsAFileFromTheVocabulary() throws {
        // NOTE with the vocabulary's "a\\,b", a card break, FN with a run of 80 "x".
        let bytes: [UInt8] = [0, 0, 16, 0, 0, 3, 0xFF, 1, 0, 0, 0x80, 0xF0, 80]
        let text = String(decoding: VCardText.file(bytes), as: UTF8.self)
        #expect(text == "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:a\\,b\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(String(repeating: "x", count: 80))\r\nEND:VCARD\r\n")
        let contacts = try VCardSerialization.contacts(from: Data(VCardText.file(bytes)))
        #expect(contacts.map(\.note) == ["a,b", ""])
        #expect(VCardCheck.check(VCardText.file(bytes)) == nil)
        // Anything else is a file as it is.
        #expect(VCardText.file(Array("BEGIN:VCARD".utf8)) == Array("BEGIN:VCARD".utf8))
    }

    /// The check's own folding oracle rejects what the writer must never produce.
    @Test func theFoldingOracleCatchesBadLines() {
        let long = Array(String(repeating: "a", count: 76).utf8) + [13, 10]
        #expect(VCardCheck.foldingProblem(long) != nil)
        #expect(VCardCheck.foldingProblem(Array("NOTE:x\n".utf8)) != nil)
        let splitAfter: [UInt8] = Array("NOTE:".utf8) + [0xC3, 13, 10, 32, 0xA9, 13, 10]
        #expect(VCardCheck.foldingProblem(splitAfter) != nil)
        let good = Array(String(repeating: "a", count: 75).utf8) + [13, 10, 32] + Array("b".utf8) + [13, 10]
        #expect(VCardCheck.foldingProblem(good) == nil)
    }
}
