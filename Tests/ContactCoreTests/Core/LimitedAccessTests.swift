import Testing
@testable import ContactCore

/// SPEC 4: the permitted set, and the rule that an invisible contact looks missing.
@Suite("SPEC 4 — limited access")
struct LimitedAccessTests {
    /// A limited app that may see only Kate; John is invisible to it, and "ghost" never existed.
    func limitedApp() throws -> (Fixture, ContactStore) {
        let fixture = try Fixture()
        return (fixture, try fixture.app("limited", .allowLimited([fixture.id("Kate")])))
    }

    @Test func readsReturnExactlyThePermittedContacts() throws {
        let (fixture, store) = try limitedApp()
        #expect(try store.contacts(for: ContactFetchRequest(keysToFetch: nameKeys)).map(\.identifier) == [fixture.id("Kate")])
        let full = try fixture.app("full", .allowFull)
        #expect(try full.contacts(for: ContactFetchRequest(keysToFetch: [])).count == 3)
    }

    @Test func singleFetchOfInvisibleEqualsMissing() throws {
        let (fixture, store) = try limitedApp()
        let invisible = contactError { _ = try store.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: nameKeys) }
        let missing = contactError { _ = try store.unifiedContact(withIdentifier: "0000000000000:P", keysToFetch: nameKeys) }
        #expect(invisible?.code == .recordDoesNotExist)
        #expect(invisible?.code == missing?.code)
        #expect(invisible?.message == missing?.message)
        #expect(invisible?.affectedIdentifiers == [fixture.id("John")], "only the identifier the app itself passed")
    }

    @Test func batchFetchOfInvisibleEqualsMissing() throws {
        let (fixture, store) = try limitedApp()
        let invisible = try store.unifiedContacts(matching: .identifiers([fixture.id("John")]), keysToFetch: nameKeys)
        let missing = try store.unifiedContacts(matching: .identifiers(["ghost"]), keysToFetch: nameKeys)
        #expect(invisible.isEmpty && missing.isEmpty)
        #expect(try store.unifiedContacts(matching: .name("John"), keysToFetch: nameKeys).isEmpty)
        #expect(try store.unifiedContacts(matching: .emailAddress("john@example.com"), keysToFetch: nameKeys).isEmpty)
    }

    @Test(arguments: ["update", "delete"])
    func writesToInvisibleEqualMissing(_ kind: String) throws {
        let (fixture, store) = try limitedApp()
        func attempt(_ identifier: String) -> ContactError? {
            var request = SaveRequest()
            if kind == "update" {
                var contact = MutableContact()
                contact.givenName = "Mallory"
                request.updateContact(.saved(identifier), with: contact)
            } else {
                request.deleteContact(.saved(identifier))
            }
            return contactError { _ = try store.execute(request) }
        }
        let before = fixture.snapshot()
        let invisible = attempt(fixture.id("John"))
        let missing = attempt("0000000000000:P")
        #expect(invisible?.code == .recordDoesNotExist)
        #expect(invisible?.code == missing?.code && invisible?.message == missing?.message)
        #expect(invisible?.affectedIdentifiers == [fixture.id("John")])
        #expect(fixture.snapshot() == before)
    }

    @Test func membershipOfInvisibleEqualsMissing() throws {
        let (fixture, store) = try limitedApp()
        var makeGroup = SaveRequest()
        let group = makeGroup.add(MutableGroup(name: "Friends"))
        let groupIdentifier = try #require(try fixture.owner.execute(makeGroup).identifier(for: group))
        var addAll = SaveRequest()
        for name in ["John", "Kate"] { addAll.addMember(.saved(fixture.id(name)), to: .saved(groupIdentifier)) }
        try fixture.owner.execute(addAll)

        #expect(try store.unifiedContacts(matching: .inGroup(identifier: groupIdentifier), keysToFetch: []).map(\.identifier)
            == [fixture.id("Kate")])
        var remove = SaveRequest()
        remove.removeMember(.saved(fixture.id("John")), from: .saved(groupIdentifier))
        #expect(contactError { _ = try store.execute(remove) }?.code == .recordDoesNotExist)
    }

    @Test func appCreatedContactsJoinItsPermittedSetAndAreVisible() throws {
        let (fixture, store) = try limitedApp()
        var contact = MutableContact()
        contact.givenName = "New"
        var request = SaveRequest()
        let reference = request.add(contact)
        let identifier = try #require(try store.execute(request).identifier(for: reference))
        #expect(fixture.device.permittedIdentifiers(for: "limited") == [fixture.id("Kate"), identifier])
        #expect(try store.unifiedContact(withIdentifier: identifier, keysToFetch: nameKeys).givenName == "New")
        let other = try fixture.app("other", .allowLimited([]))
        #expect(try other.unifiedContacts(matching: .identifiers([identifier]), keysToFetch: []).isEmpty,
                "only the creating app's P grows")
    }

    @Test func deletingAContactRemovesItFromEveryPermittedSet() throws {
        let fixture = try Fixture()
        _ = try fixture.app("a", .allowLimited([fixture.id("Kate"), fixture.id("John")]))
        _ = try fixture.app("b", .allowLimited([fixture.id("Kate")]))
        var request = SaveRequest()
        request.deleteContact(.saved(fixture.id("Kate")))
        try fixture.owner.execute(request)
        #expect(fixture.device.permittedIdentifiers(for: "a") == [fixture.id("John")])
        #expect(fixture.device.permittedIdentifiers(for: "b").isEmpty)
    }

    @Test func aLimitedAppCanUpdateAndDeleteItsPermittedContacts() throws {
        let (fixture, store) = try limitedApp()
        var edit = try store.unifiedContact(withIdentifier: fixture.id("Kate"), keysToFetch: [.givenName]).mutableCopy()
        edit.givenName = "Katherine"
        var update = SaveRequest()
        update.update(edit)
        try store.execute(update)
        #expect(try fixture.owner.unifiedContact(withIdentifier: fixture.id("Kate"), keysToFetch: [.givenName]).givenName
            == "Katherine")
        var delete = SaveRequest()
        delete.delete(edit)
        try store.execute(delete)
        #expect(fixture.device.allContactIdentifiers.count == 2)
    }

    @Test func permittedSetOnlyHoldsExistingContacts() throws {
        let fixture = try Fixture()
        try fixture.device.applySettings(.allowLimited(["ghost", "", fixture.id("Kate")]), to: "x")
        try fixture.device.applySettings(.editPermittedSet(adding: ["\u{212A}", "phantom"], removing: []), to: "x")
        #expect(fixture.device.permittedIdentifiers(for: "x") == [fixture.id("Kate")])
    }
}
