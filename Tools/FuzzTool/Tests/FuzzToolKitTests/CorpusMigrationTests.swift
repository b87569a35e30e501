import FuzzToolKit
import Testing

/// `fuzz canonicalize`'s plan: rewrite what changed, drop what repeats or encodes nothing,
/// leave what the target wrote nothing for, and let a generated seed keep its name.
@Suite struct CorpusMigrationTests {
    @Test func theNameIsFNV1a() {
        #expect(CorpusMigration.name(of: []) == "cbf29ce484222325")
        #expect(CorpusMigration.name(of: Array("a".utf8)) == "af63dc4c8601ec8c")
    }

    @Test func aPlan() {
        let files: [(name: String, bytes: [UInt8])] = [
            ("aaa", [2, 0, 0, 9]), ("bbb", [2, 0, 0, 1]), ("ccc", [7]), ("ddd", [5]), ("seed-long-01", [2, 0, 0, 8]),
        ]
        let written: [String: [UInt8]] = [
            CorpusMigration.name(of: [2, 0, 0, 9]): [2, 0, 0, 1],  // aaa: the same program as the seed's, which comes first
            CorpusMigration.name(of: [2, 0, 0, 1]): [2, 0, 0, 1],  // bbb: the seed's too
            CorpusMigration.name(of: [7]): [],  // ccc: no program
            CorpusMigration.name(of: [2, 0, 0, 8]): [2, 0, 0, 1],  // the seed: rewritten, kept
        ]
        let changes = CorpusMigration.plan(files) { written[$0] }
        #expect(changes == [.rewrite(name: "seed-long-01", bytes: [2, 0, 0, 1]), .remove(name: "aaa"), .remove(name: "bbb"),
                            .remove(name: "ccc")])
    }
}
