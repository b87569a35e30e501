import ContactCore
import ContactCoreTesting
import Foundation
import PropertyBased
import Testing

/// SPEC 7: "a longer query never matches more contacts than its prefix does", checked on the
/// store alone (no model): contacts with every searched name field, queries typed from raw
/// text of every script, case, width and separator, up to a dozen tokens.
@Suite struct SearchMonotonicityTests {
    static let cases = ProcessInfo.processInfo.environment["CONTACTCORE_PROPERTY_CASES"].flatMap { Int($0) } ?? 200

    /// A contact: a person, an organization and further names from the vocabulary.
    static let contact = zip(Gen.int(in: 0...(Vocabulary.people.count - 1)),
                             Gen.int(in: 0...(Vocabulary.organizations.count - 1)),
                             Gen.int(in: 0...(Vocabulary.moreNames.count - 1)))
        .map { person, organization, names in Draft(person: person, organization: organization, more: More(names: names)) }

    /// A piece of typed text: a token's prefix in some spelling, a separator, or one scalar
    /// that normalization treats specially.
    static let piece = zip(Gen.int(in: 0...(Vocabulary.queryTokens.count - 1)), Gen.int(in: 1...6), Gen.int(in: 0...7),
                           Gen.int(in: 0...3), Gen.int(in: 0...(oddities.count - 1)))
        .map { token, length, spelling, kind, oddity -> String in
            switch kind {
            case 0: Vocabulary.separators[spelling]
            case 1: oddities[oddity]
            default: Vocabulary.spell(String(String.UnicodeScalarView(Vocabulary.queryTokens[token].unicodeScalars.prefix(length))), spelling)
            }
        }
    static let oddities = ["a", "N", "\u{301}", "ｱ", "ア", "기", "ㄱ", "王", "'", "ß", "Ø", "ｎ", "0", "\u{0}", "🎉", "ł"]

    @Test func aLongerQueryNeverFindsMore() async throws {
        await propertyCheck(count: Self.cases, input: Self.contact.array(of: 1...8), Self.piece.array(of: 1...14), Self.piece) {
            drafts, pieces, more in
            do {
                let device = ContactDevice(seed: 3)
                let app = AppConfiguration(bundleIdentifier: "com.example.search", usageDescription: "Finds people.")
                try device.applySettings(.allowFull, to: app.bundleIdentifier)
                let store = device.store(for: app)
                var request = SaveRequest()
                for draft in drafts { request.add(draft.mutableContact) }
                try store.execute(request)
                let query = pieces.joined()
                // A query with no token is invalid, so it has no results to be a subset of.
                guard let shorter = try Self.found(query, in: store), let longer = try Self.found(query + more, in: store) else { return }
                #expect(longer.isSubset(of: shorter), "\((query + more).debugDescription) finds \(longer.subtracting(shorter).count) contacts \(query.debugDescription) does not")
            } catch {
                Issue.record("unexpected error: \(error)")
            }
        }
    }

    /// What the store's name predicate finds; `nil` for a query SPEC 7 calls invalid.
    static func found(_ text: String, in store: ContactStore) throws(ContactError) -> Set<String>? {
        let result: [Contact]
        do {
            result = try store.unifiedContacts(matching: .name(text), keysToFetch: [])
        } catch {
            if error.code == .predicateInvalid { return nil }
            throw error
        }
        return Set(result.map(\.identifier))
    }
}
