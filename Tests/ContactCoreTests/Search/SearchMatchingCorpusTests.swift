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
    static let files = GeneratedCorpus(target: "FuzzSearchMatching")

    @Test func checkedInFilesMatchTheGenerator() throws {
        try Self.files.expectCurrent(seeds: SearchMatchingCorpus.seeds.map { ($0.name, $0.bytes) }, dictionary: SearchMatchingCorpus.dictionary)
    }

    @Test(arguments: SearchMatchingCorpus.seeds.map(\.name))
    func seedHoldsEveryInvariant(_ name: String) throws {
        let seed = try #require(SearchMatchingCorpus.seeds.first { $0.name == name })
        let violations = SearchMatchingCheck.violations(of: SearchScenario(decoding: seed.bytes))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func savedRegressionsHoldEveryInvariant() throws {
        let files = Self.files.regressionFiles
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
