import FuzzToolKit
import Testing

/// The rows of `make fuzz`'s table from the saved logs: what the bash front end printed for the
/// same logs, with the operations per program beside the repeats (the saved logs predate them).
@Suite struct FuzzTableTests {
    @Test func theTableOfTheSavedRun() throws {
        let rows = try ["FuzzPermittedSet", "FuzzVCard", "FuzzBaseline"].map { target in
            FuzzTable.Row(target: target, stats: FuzzerStats(log: try Fixture.text("\(target).log")), result: "0")
        }
        #expect(FuzzTable(rows: rows).lines == [
            "target                 programs/s  % baseline     exec/s  repeats  ops/program  corpus units/size   edges  features  new crashes",
            "FuzzPermittedSet             1314       3.20%       2529      48%            -           740/26Kb   14627     14650  0",
            "FuzzVCard                    2049       4.99%       2049        -            -           444/82Kb    4731      4737  0",
            "FuzzBaseline                41043        100%      41043        -            -               1/1b       1         1  0",
        ])
    }

    @Test func withoutABaselineThereIsNoShare() throws {
        let row = FuzzTable.Row(target: "FuzzVCard", stats: FuzzerStats(log: try Fixture.text("FuzzVCard.log")),
                                result: "0 (exit 1)")
        #expect(FuzzTable(rows: [row]).lines.last
            == "FuzzVCard                    2049           -       2049        -            -           444/82Kb    4731      4737  0 (exit 1)")
    }

    @Test func theResultOfARun() {
        #expect(fuzzResult(status: 0, newArtifacts: 0) == "ok")
        #expect(fuzzResult(status: 1, newArtifacts: 2) == "CRASH")
        #expect(fuzzResult(status: 124, newArtifacts: 0) == "killed by timeout")
        #expect(fuzzResult(status: 137, newArtifacts: 0) == "killed by timeout")
        #expect(fuzzResult(status: 77, newArtifacts: 0) == "exit 77")
    }

    @Test func newArtifactsAreThoseNotThereBefore() {
        #expect(newArtifacts(before: ["a", "b"], after: ["a", "b", "c"]) == ["c"])
        #expect(newArtifacts(before: ["a"], after: ["a"]).isEmpty)
    }
}
