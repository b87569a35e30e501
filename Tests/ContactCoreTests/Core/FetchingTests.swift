import Testing
@testable import ContactCore

/// SPEC 5: fetching by identifiers and predicates, sort orders, enumeration.
@Suite("SPEC 5 — fetching")
struct FetchingTests {
    let fixture: Fixture
    let store: ContactStore

    init() throws {
        fixture = try Fixture(names: [("Zoe", "Adams"), ("anna", "Zed"), ("Émile", "Bell"), ("Bob", "Bell")])
        store = try fixture.app("full", .allowFull)
    }

    func given(_ contacts: [Contact]) throws -> [String] { try contacts.map { try $0.givenName } }

    @Test func identifierFetchReturnsEachVisibleContactOnce() throws {
        let zoe = fixture.id("Zoe"), bob = fixture.id("Bob")
        let contacts = try store.unifiedContacts(matching: .identifiers([zoe, bob, zoe, "unknown", bob, zoe]), keysToFetch: [.givenName])
        #expect(contacts.count == 2)
        #expect(Set(contacts.map(\.identifier)) == [zoe, bob])
    }

    @Test func identifierFetchOrdersBySortOrderThenIdentifier() throws {
        let all = Array(fixture.people.values)
        let none = try store.unifiedContacts(matching: .identifiers(all.reversed()), keysToFetch: [.givenName], sortOrder: .none)
        #expect(try given(none) == ["Zoe", "anna", "Émile", "Bob"], "insertion order, whatever the request order")
        let byGiven = try store.unifiedContacts(matching: .identifiers(all), keysToFetch: [.givenName], sortOrder: .givenName)
        #expect(try given(byGiven) == ["anna", "Bob", "Émile", "Zoe"], "case and diacritics folded")
        let byFamily = try store.unifiedContacts(matching: .identifiers(all), keysToFetch: [.givenName], sortOrder: .familyName)
        #expect(try given(byFamily) == ["Zoe", "Bob", "Émile", "anna"])
        let userDefault = try store.unifiedContacts(matching: .identifiers(all), keysToFetch: [.givenName], sortOrder: .userDefault)
        #expect(try given(userDefault) == given(byGiven), "the device default is given name")
    }

    @Test func equalSortKeysFallBackToIdentifierBytes() throws {
        let twins = try Fixture(names: [("Sam", "Lee"), ("Sam", "Lee"), ("Sam", "Lee")])
        let result = try twins.owner.unifiedContacts(matching: .name("Sam"), keysToFetch: [], sortOrder: .givenName)
        #expect(result.map(\.identifier) == result.map(\.identifier).sorted(by: ContactIdentifier.precedes))
        #expect(result.count == 3)
    }

    /// The sort key's ASCII shortcut must fold exactly as Foundation does.
    @Test func asciiSortKeysFoldAsFoundationDoes() {
        let every = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        for text in [every, "", "Zoë's", "O'Brien-SMITH", "ALL CAPS 123", "\u{1}\u{7F}"] where text.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(SortKey.fold(text) == SortKey.foldedByFoundation(text), "\(text.debugDescription)")
            #expect(Array(SortKey.fold(text).utf8) == Array(SortKey.foldedByFoundation(text).utf8))
        }
        #expect(SortKey.fold("Zoë") == SortKey.foldedByFoundation("Zoë"))
    }

    @Test func badIdentifiersAreSimplyNotFound() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let undecodable = ContactIdentifier.decode([0xC3, 0x28])
        #expect(undecodable == nil)
        let found = try store.unifiedContacts(
            matching: .identifiers(["", huge, "\u{0}", fixture.id("Bob") + "\u{301}", String(repeating: fixture.id("Bob"), count: 20)]),
            keysToFetch: [])
        #expect(found.isEmpty)
        #expect(contactError { _ = try store.unifiedContact(withIdentifier: huge, keysToFetch: []) }?.code == .recordDoesNotExist)
        #expect(contactError { _ = try store.unifiedContact(withIdentifier: "", keysToFetch: []) }?.code == .recordDoesNotExist)
    }

    @Test func namePredicateMatchesTokenPrefixes() throws {
        #expect(try given(store.unifiedContacts(matching: .name("bel"), keysToFetch: [.givenName], sortOrder: .givenName))
            == ["Bob", "Émile"])
        #expect(try given(store.unifiedContacts(matching: .name("emile b"), keysToFetch: [.givenName])) == ["Émile"])
        #expect(try store.unifiedContacts(matching: .name("bell bell"), keysToFetch: []).isEmpty,
                "each query token needs a different name token")
    }

    @Test(arguments: ["", "   ", "—,.!"])
    func emptyNameQueryIsPredicateInvalid(_ query: String) {
        #expect(contactError { _ = try store.unifiedContacts(matching: .name(query), keysToFetch: []) }?.code == .predicateInvalid)
    }

    @Test func phonePredicateIgnoresFormattingAndCountryCode() throws {
        let zoe = try store.unifiedContact(withIdentifier: fixture.id("Zoe"), keysToFetch: [.phoneNumbers])
        let number = try #require(try zoe.phoneNumbers.first?.value)
        let local = String(number.digits.dropFirst())
        #expect(try store.unifiedContacts(matching: .phoneNumber(PhoneNumber(local)), keysToFetch: []).map(\.identifier)
            == [fixture.id("Zoe")])
        let differsInTheLastSeven = String(local.dropLast()) + (local.last == "9" ? "8" : "9")
        #expect(try store.unifiedContacts(matching: .phoneNumber(PhoneNumber("999" + differsInTheLastSeven)), keysToFetch: []).isEmpty)
        #expect(contactError { _ = try store.unifiedContacts(matching: .phoneNumber("1-"), keysToFetch: []) }?.code
            == .predicateInvalid)
    }

    @Test func emailPredicateIsWholeAddressCaseInsensitive() throws {
        #expect(try store.unifiedContacts(matching: .emailAddress("BOB@Example.com"), keysToFetch: []).map(\.identifier)
            == [fixture.id("Bob")])
        #expect(try store.unifiedContacts(matching: .emailAddress("bob@"), keysToFetch: []).isEmpty)
    }

    @Test func groupAndContainerPredicates() throws {
        let work = try fixture.device.addContainer(name: "Work", kind: .cardDAV)
        var request = SaveRequest()
        var colleague = MutableContact()
        colleague.givenName = "Carol"
        let carol = request.add(colleague, toContainerWithIdentifier: work.identifier)
        let team = request.add(MutableGroup(name: "Team"), toContainerWithIdentifier: work.identifier)
        request.addMember(carol, to: team)
        request.addMember(.saved(fixture.id("Bob")), to: team)
        let result = try store.execute(request)
        let teamIdentifier = try #require(result.identifier(for: team))

        let members = try store.unifiedContacts(matching: .inGroup(identifier: teamIdentifier), keysToFetch: [.givenName], sortOrder: .givenName)
        #expect(try given(members) == ["Bob", "Carol"])
        let inWork = try store.unifiedContacts(matching: .inContainer(identifier: work.identifier), keysToFetch: [.givenName])
        #expect(try given(inWork) == ["Carol"])
        #expect(try store.unifiedContacts(matching: .inGroup(identifier: "nope"), keysToFetch: []).isEmpty)
        #expect(try store.groups(matching: .inContainer(identifier: work.identifier)).map(\.name) == ["Team"])
    }

    @Test func enumerateStopsWhenAsked() throws {
        var seen: [String] = []
        try store.enumerateContacts(with: ContactFetchRequest(keysToFetch: [.givenName], sortOrder: .givenName)) { (contact, stop) throws(ContactError) in
            seen.append(try contact.givenName)
            stop = seen.count == 2
        }
        #expect(seen == ["anna", "Bob"])
    }

    @Test func enumerateMaySaveFromItsBody() throws {
        var count = 0
        try store.enumerateContacts(with: ContactFetchRequest(keysToFetch: [.givenName])) { (contact, _) throws(ContactError) in
            var edit = contact.mutableCopy()
            edit.givenName = try contact.givenName.uppercased()
            var request = SaveRequest()
            request.update(edit)
            try store.execute(request)
            count += 1
        }
        #expect(count == 4)
        #expect(try given(store.unifiedContacts(matching: .name("zoe"), keysToFetch: [.givenName])) == ["ZOE"])
    }
}
