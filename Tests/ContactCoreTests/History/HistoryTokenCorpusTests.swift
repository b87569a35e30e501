import ContactCore
@testable import ContactCoreTesting
import Foundation
import PropertyBased
import Testing

/// The checked-in seed corpus and dictionary of FuzzHistoryToken, every seed and saved
/// regression through the fuzz check, and random inputs near the seeds.
///
/// Regenerate the files (after changing the token format, the script or the setup) with:
/// `CONTACTCORE_WRITE_CORPUS=1 swift test --filter HistoryTokenCorpusTests`
@Suite("History token corpus")
struct HistoryTokenCorpusTests {
    static let files = GeneratedCorpus(target: "FuzzHistoryToken")

    @Test func checkedInFilesMatchTheGenerator() throws {
        try Self.files.expectCurrent(seeds: HistoryTokenCorpus.seeds.map { ($0.name, $0.bytes) }, dictionary: HistoryTokenCorpus.dictionary)
    }

    @Test(arguments: HistoryTokenCorpus.seeds.map(\.name))
    func seedHoldsEveryRule(_ name: String) throws {
        let seed = try #require(HistoryTokenCorpus.seeds.first { $0.name == name })
        #expect(HistoryTokenFuzz.Input(seed.bytes)?.encoded == seed.bytes, "the seed decodes to what made it")
        let failure = HistoryTokenFuzz.check(seed.bytes)
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// Between them the seeds reach every answer a full app can get.
    @Test func theSeedsReachEveryOutcome() throws {
        var reasons = Set<FullSyncReason?>()
        for seed in HistoryTokenCorpus.seeds {
            let input = try #require(HistoryTokenFuzz.Input(seed.bytes))
            var trace = HistoryTrace(options: input.options, historyLimit: input.historyLimit)
            trace.run(input.script)
            reasons.insert(try trace.device.full.changeHistory(for: input.options.request(since: input.token)).fullSyncReason)
        }
        #expect(reasons == Set(FullSyncReason.allCases.filter { $0 != .limitedAccess } + [nil]))
    }

    @Test func savedRegressionsHoldEveryRule() throws {
        let files = Self.files.regressionFiles
        for file in files where !file.lastPathComponent.hasPrefix(".") {
            let failure = HistoryTokenFuzz.check([UInt8](try Data(contentsOf: file)))
            #expect(failure == nil, "\(file.lastPathComponent): \(failure ?? "")")
        }
    }

    /// Seeds with a few bytes overwritten and some cut off: mostly damaged tokens, sometimes
    /// other scripts and options.
    @Test func inputsNearTheSeedsHoldEveryRule() async {
        let seeds = HistoryTokenCorpus.seeds.map(\.bytes)
        let edits = zip(Gen.int(in: 0...200), Gen.uint8()).array(of: 0...4)
        await propertyCheck(count: 150, input: Gen.int(in: 0...(seeds.count - 1)), edits, Gen.int(in: 0...8)) { seed, edits, cut in
            var bytes = seeds[seed]
            for (position, value) in edits where !bytes.isEmpty { bytes[position % bytes.count] = value }
            bytes.removeLast(cut.isMultiple(of: 2) ? 0 : min(cut, bytes.count))
            let failure = HistoryTokenFuzz.check(bytes)
            #expect(failure == nil, "\(failure ?? "")")
        }
    }
}
