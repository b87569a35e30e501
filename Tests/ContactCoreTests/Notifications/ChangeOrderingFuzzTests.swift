import ContactCoreTesting
import PropertyBased
import Testing

/// The `FuzzChangeOrdering` checks on generated inputs: concurrent writers, observers of two
/// apps, history replay. Case count from `CONTACTCORE_PROPERTY_CASES` (default 25).
@Suite("Change ordering across concurrent writers")
struct ChangeOrderingFuzzTests {
    static let cases = Int(ProcessInfo.processInfo.environment["CONTACTCORE_PROPERTY_CASES"] ?? "") ?? 25

    @Test func concurrentWritersAreHeardOnceInOneOrder() async {
        let input = Gen.int(in: 0...255).map { UInt8($0) }.array(of: 2...ChangeOrderingFuzz.maximumOperations + 2)
        await propertyCheck(count: Self.cases, input: input) { bytes in
            let problem = await ChangeOrderingFuzz.check(bytes)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }
}

import Foundation

@Suite("Change ordering corpus")
struct ChangeOrderingCorpusTests {
    @Test func checkedInFilesMatchTheGenerator() throws {
        try GeneratedCorpus(target: "FuzzChangeOrdering")
            .expectCurrent(seeds: ChangeOrderingCorpus.seeds.map { ($0.name, $0.bytes) }, dictionary: ChangeOrderingCorpus.dictionary)
    }
}
