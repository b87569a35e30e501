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
