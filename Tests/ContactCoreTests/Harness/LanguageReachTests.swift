import ContactCore
import ContactCoreTesting
import Testing

/// What the language can say, counted over random inputs: a generator that never produces a
/// case is an oracle that never asks, so each SPEC 2 field, label and query form must occur.
@Suite struct LanguageReachTests {
    /// Programs decoded from 20,000 inputs of a fixed generator: 2 to 200 bytes.
    static let programs: [Program] = {
        var generator = SeededGenerator(seed: 0x5EED)
        return (0..<20_000).map { _ in
            let bytes = [Decoder.version] + (0..<(2 + Int(generator.next() % 199))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            return FuzzTarget.permittedSet.program(bytes)
        }
    }()

    static var drafts: [Draft] {
        programs.flatMap(\.operations).flatMap { operation -> [Draft] in
            guard case .save(_, _, let steps) = operation else { return [] }
            return steps.compactMap { step in
                switch step {
                case .add(let draft), .update(_, let draft): draft
                default: nil
                }
            }
        }
    }

    static var queries: [QueryText] {
        programs.flatMap(\.operations).compactMap { operation in
            switch operation {
            case .fetch(_, .name(let text), _, _): text
            case .button(_, let tap): tap.query
            default: nil
            }
        }
    }

    @Test func everyFieldTableAndLabelIsWritten() {
        let drafts = Self.drafts
        #expect(Set(drafts.map(\.more.names)) == Set(Vocabulary.moreNames.indices))
        #expect(Set(drafts.map(\.more.details)) == Set(Vocabulary.details.indices))
        #expect(Set(drafts.flatMap { $0.more.phones.map(\.label) + $0.more.emails.map(\.label) }) == Set(Vocabulary.labels.indices))
        #expect(drafts.contains { $0.more.isOrganization })
        #expect(drafts.contains { $0.more.phones.count == 3 && $0.phone != nil })
        #expect(drafts.contains { $0.more.emails.count == 3 && $0.email != nil })
    }

    @Test func everyKeyIsFetched() {
        var fetched = Set<ContactKey>()
        for case .fetch(_, _, let keys, _) in Self.programs.flatMap(\.operations) { fetched.formUnion(keys.keys) }
        #expect(fetched == Set(ContactKey.allCases))
    }

    @Test func queriesAreTypedEveryWay() {
        let queries = Self.queries
        #expect(queries.contains { $0.tokens.count > 8 }, "the name matcher's path for long queries")
        for separator in Vocabulary.separators {
            #expect(queries.contains { $0.tokens.count > 1 && $0.text.contains(separator) }, "separator \(separator.debugDescription)")
        }
        #expect(queries.contains { $0.text.unicodeScalars.contains { (0xFF21...0xFF5A).contains($0.value) } }, "full-width letters")
        #expect(queries.contains { $0.text.unicodeScalars.contains { $0.value == 0x301 } }, "combining accents")
        #expect(queries.contains { $0.text.unicodeScalars.contains { (0x30A1...0x30F6).contains($0.value) } }, "katakana")
        #expect(queries.contains { $0.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }, "composed Hangul")
        #expect(queries.contains { $0.text.unicodeScalars.contains { (0x41...0x5A).contains($0.value) } }, "upper case")
        #expect(queries.contains { $0.text.contains("Jean-Luc") }, "a full name with its middle name")
        #expect(queries.contains { $0.text.contains(", ") && $0.tokens.count > 2 }, "a full name, family first")
    }

    /// Each spelling normalizes back to its token, as the model assumes (SPEC 7's normalization).
    @Test(arguments: 0..<8) func everySpellingNormalizesToItsToken(_ spelling: Int) {
        for token in Vocabulary.queryTokens {
            #expect(SearchNormalization.tokens(of: Vocabulary.spell(token, spelling)) == [token],
                    "\(token.debugDescription) spelled \(spelling): \(Vocabulary.spell(token, spelling).debugDescription)")
        }
    }
}
