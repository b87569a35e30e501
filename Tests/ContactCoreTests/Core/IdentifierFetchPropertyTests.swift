import PropertyBased
import Testing
@testable import ContactCore

/// SPEC 5's identifier rule on random requests: the result is the requested visible
/// contacts, each once, in insertion order, whatever junk and repetition the request holds.
@Suite("SPEC 5 — identifier fetch properties")
struct IdentifierFetchPropertyTests {
    @Test func identifierFetchIsTheVisibleRequestedSetInOrder() async throws {
        let fixture = try Fixture(names: (0..<12).map { ("Person\($0)", "Family\($0 % 3)") })
        let all = fixture.device.allContactIdentifiers
        let junk = ["", "ghost", String(repeating: "z", count: 300), "\u{212A}", all[0] + " "]
        let pool = all + junk
        let picks = Gen.int(in: 0...(pool.count - 1)).array(of: 0...24)
        let permittedMask = Gen.bool.array(of: all.count...all.count)

        await propertyCheck(count: 200, input: picks, permittedMask) { picks, mask in
            let permitted = Set(zip(all, mask).filter(\.1).map(\.0))
            let bundle = "app-\(permitted.count)-\(picks.count)"
            guard let store = try? fixture.app(bundle, .allowLimited(permitted)) else {
                Issue.record("could not make the app")
                return
            }
            let requested = picks.map { pool[$0] }
            let expected = all.filter { permitted.contains($0) && requested.contains($0) }
            let fetched = try? store.unifiedContacts(matching: .identifiers(requested), keysToFetch: [], sortOrder: .none)
            #expect(fetched?.map(\.identifier) == expected)
        }
    }

    /// Every sort order, full and limited apps, repeats, and the fetched keys: an identifier
    /// fetch returns what fetching every contact in that order and keeping the requested ones
    /// returns (another path: no look-up by identifier, no dropping of repeats), field for field.
    @Test func identifierFetchMatchesTheFullFetchInEverySortOrder() async throws {
        // Repeated and reordered names, so that sorting by name needs the identifier to break ties.
        let names = [("Zoë", "Abel"), ("anna", "Ng"), ("Anna", "Ng"), ("Bo", ""), ("", "Bo"), ("Ann", "Lee"),
                     ("Anna", "Abe"), ("Émile", "Zola"), ("Zoë", "Abel"), ("Kim", "Ng")]
        let fixture = try Fixture(names: names)
        let all = fixture.device.allContactIdentifiers
        let pool = all + ["", "ghost", "\u{212A}", all[1] + " ", String(all[2].dropLast())]
        let orders: [SortOrder] = [.none, .givenName, .familyName, .userDefault]
        let keySets: [[ContactKey]] = [[], [.givenName], [.familyName, .phoneNumbers], ContactKey.allCases.filter { $0 != .note }]
        let picks = Gen.int(in: 0...(pool.count - 1)).array(of: 0...30)
        let permittedMask = Gen.bool.array(of: all.count...all.count)
        let choice = Gen.int(in: 0...63)

        await propertyCheck(count: 200, input: picks, permittedMask, choice) { picks, mask, choice in
            let full = choice % 2 == 0
            let permitted = Set(zip(all, mask).filter(\.1).map(\.0))
            let bundle = full ? "full" : "limited-\(mask.map { $0 ? "1" : "0" }.joined())"
            guard let store = try? fixture.app(bundle, full ? .allowFull : .allowLimited(permitted)) else {
                Issue.record("could not make the app")
                return
            }
            let order = orders[(choice / 2) % orders.count]
            let keys = keySets[(choice / 8) % keySets.count]
            let requested = picks.map { pool[$0] }
            let everything = try? store.contacts(for: ContactFetchRequest(keysToFetch: keys, sortOrder: order))
            let expected = everything?.filter { contact in requested.contains { ContactIdentifier.areEqual($0, contact.identifier) } }
            let fetched = try? store.unifiedContacts(matching: .identifiers(requested), keysToFetch: keys, sortOrder: order)
            #expect(fetched != nil && fetched == expected, "\(order) \(keys) full: \(full)")
        }
    }
}
