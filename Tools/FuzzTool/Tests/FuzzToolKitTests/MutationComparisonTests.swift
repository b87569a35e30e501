import FuzzToolKit
import Testing

/// Real logs of one `make mutations-compare` target (FuzzChangeOrdering, 300 s, `-seed=8`),
/// cut to their last status lines and final stats, and the edits' corpus replayed.
@Suite struct MutationComparisonTests {
    let comparison: MutationComparison

    init() throws {
        comparison = MutationComparison(
            target: "FuzzChangeOrdering",
            bytes: FuzzerStats(log: try Fixture.text("FuzzChangeOrdering-compare-bytes.log")),
            edits: FuzzerStats(log: try Fixture.text("FuzzChangeOrdering-compare-edits.log")),
            replayedBytes: 12_849,
            replayedEdits: FuzzerStats(log: try Fixture.text("FuzzChangeOrdering-compare-edits-replay.log")).edges)
    }

    /// The edits' `cov:` while fuzzing is 223 edges below the bytes', their replayed corpus 24 above.
    @Test func theEdgesAreTheReplayedCorporas() {
        #expect(comparison.replayedEdits == 12_873)
        #expect(comparison.edits.edges == 12_637 && comparison.bytes.edges == 12_860)
        #expect(comparison.row.hasPrefix("| FuzzChangeOrdering | 12849 | 12873 | +0.2% | 12860 / 12637 |"))
    }

    /// Programs run: inputs less the repeats each run skipped (1,080,566 against 1,076,021).
    @Test func programsRunAndRepeats() {
        #expect(comparison.row.hasSuffix("| 1.00 | 52% / 6% |"))
        #expect(comparison.edits.executedUnits == 1_159_051)
    }

    @Test func aRunWithoutNumbersLeavesDashes() {
        let empty = MutationComparison(target: "FuzzVCard", bytes: FuzzerStats(log: ""), edits: FuzzerStats(log: ""),
                                       replayedBytes: nil, replayedEdits: nil)
        #expect(empty.row == "| FuzzVCard | - | - | - | - / - | - | - / - |")
    }
}
