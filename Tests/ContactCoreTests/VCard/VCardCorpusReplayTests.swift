import ContactCoreTesting
import Foundation
import Testing

/// Every checked-in FuzzVCard input (`Corpus/FuzzVCard/`, `Fuzz/Regressions/FuzzVCard/`) and
/// every fixture runs through ``VCardCheck`` on each `swift test`, as libFuzzer runs them.
@Suite("VCard corpus replay")
struct VCardCorpusReplayTests {
    static func inputs() -> [URL] {
        ["Corpus/FuzzVCard", "Fuzz/Regressions/FuzzVCard", "Tests/Fixtures/vcard"].flatMap { folder in
            let directory = VCardFixtures.root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs().count >= VCardFixtures.names.count * 2)
    }

    @Test func everyInputPassesTheCheck() throws {
        for file in Self.inputs() {
            let bytes = try [UInt8](Data(contentsOf: file))
            if let failure = VCardCheck.check(bytes) {
                Issue.record("\(file.lastPathComponent):\n\(failure)")
            }
        }
    }
}
