import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// SPEC 7's invariants on random stores and queries. Each scenario runs on a real device and
/// is compared with ``ReferenceSearch``, the naive matcher the fuzzer uses too.
@Suite("Search properties")
struct SearchPropertyTests {
    static func expectHolds(_ invariants: Set<SearchMatchingCheck.Invariant>, _ scenario: SearchScenario) {
        let violations = SearchMatchingCheck.violations(of: scenario, checking: invariants)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))\ninput:\n\(String(decoding: scenario.encoded, as: UTF8.self))")
    }

    @Test func normalizationIsIdempotentAndEqualsTheReference() async {
        await propertyCheck(count: 1000, input: SearchGen.text) { text in
            let tokens = SearchNormalization.tokens(of: text)
            let again = SearchNormalization.tokens(of: tokens.joined(separator: " "))
            #expect(again.map { Array($0.unicodeScalars) } == tokens.map { Array($0.unicodeScalars) }, "\(text.debugDescription)")
            #expect(tokens.map { Array($0.unicodeScalars) } == ReferenceSearch.tokens(text).map { Array($0.unicodeScalars) },
                    "\(text.debugDescription)")
        }
    }

    @Test func namePredicateEqualsTheNaiveMatcher() async {
        await propertyCheck(count: 100, input: SearchGen.scenario) { scenario in
            Self.expectHolds([.nameDifferential], scenario)
        }
    }

    @Test func aLongerQueryNeverMatchesMore() async {
        await propertyCheck(count: 100, input: SearchGen.scenario) { scenario in
            Self.expectHolds([.monotonic], scenario)
        }
    }

    @Test func resultsDoNotDependOnInsertionOrder() async {
        await propertyCheck(count: 60, input: SearchGen.scenario) { scenario in
            Self.expectHolds([.insertionOrder], scenario)
        }
    }

    @Test func buttonOffersOnlyContactsOutsideThePermittedSetRankedAsTheNaiveMatcher() async {
        await propertyCheck(count: 100, input: SearchGen.scenario) { scenario in
            Self.expectHolds([.button], scenario)
        }
    }

    @Test func contrastRatioIsSymmetricAndWithinOneToTwentyOne() async {
        await propertyCheck(count: 500, input: SearchGen.color, SearchGen.color) { first, second in
            let ratio = first.contrastRatio(with: second)
            #expect(ratio == second.contrastRatio(with: first))
            #expect(ratio >= 1 && ratio <= 21)
            #expect(first.contrastRatio(with: first) == 1)
        }
    }
}
