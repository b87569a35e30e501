import ContactCoreTesting
import Foundation
import Testing

/// The checked-in seed corpus and dictionary of FuzzSearchMatching, and every seed and saved
/// regression replayed through the fuzz check.
///
/// Regenerate the files with:
/// `CONTACTCORE_WRITE_CORPUS=1 swift test --filter SearchMatchingCorpusTests`
@Suite("Search matching corpus")
struct SearchMatchingCorpusTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = root.appendingPathComponent("Corpus/FuzzSearchMatching")
    static let dictionary = root.appendingPathComponent("Fuzz/Dictionaries/FuzzSearchMatching.dict")
    static let regressions = root.appendingPathComponent("Fuzz/Regressions/FuzzSearchMatching")
    static let writing = ProcessInfo.processInfo.environment["CONTACTCORE_WRITE_CORPUS"] == "1"

    @Test func checkedInFilesMatchTheGenerator() throws {
        if Self.writing {
            try FileManager.default.createDirectory(at: Self.corpus, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: Self.dictionary.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            for seed in SearchMatchingCorpus.seeds {
                try Data(seed.bytes).write(to: Self.corpus.appendingPathComponent("seed-\(seed.name)"))
            }
            try Data(SearchMatchingCorpus.dictionary.utf8).write(to: Self.dictionary)
        }
        for seed in SearchMatchingCorpus.seeds {
            let file = try Data(contentsOf: Self.corpus.appendingPathComponent("seed-\(seed.name)"))
            #expect([UInt8](file) == seed.bytes, "Corpus/FuzzSearchMatching/seed-\(seed.name) is stale")
        }
        #expect(try String(contentsOf: Self.dictionary, encoding: .utf8) == SearchMatchingCorpus.dictionary)
    }

    @Test(arguments: SearchMatchingCorpus.seeds.map(\.name))
    func seedHoldsEveryInvariant(_ name: String) throws {
        let seed = try #require(SearchMatchingCorpus.seeds.first { $0.name == name })
        let violations = SearchMatchingCheck.violations(of: SearchScenario(decoding: seed.bytes))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func savedRegressionsHoldEveryInvariant() throws {
        let files = (try? FileManager.default.contentsOfDirectory(at: Self.regressions, includingPropertiesForKeys: nil)) ?? []
        for file in files where !file.lastPathComponent.hasPrefix(".") {
            let violations = SearchMatchingCheck.violations(of: SearchScenario(decoding: [UInt8](try Data(contentsOf: file))))
            #expect(violations.isEmpty, "\(file.lastPathComponent): \(violations.joined(separator: "\n"))")
        }
    }

    @Test func decodingRoundTripsTheSeeds() {
        for seed in SearchMatchingCorpus.seeds {
            #expect(SearchScenario(decoding: seed.bytes).encoded == seed.bytes, "\(seed.name)")
        }
    }
}
