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
}
