import Testing
@testable import ContactCore

/// A limited app's search reads an index of its own permitted set (Performance.md, "A limited
/// app's search index"): it follows every change of P and every save of a contact in P, and
/// never reads the device's index.
@Suite("Search index of a limited app's permitted set")
struct PermittedIndexTests {
    @Test func itFollowsPAndTheSavesOfItsContacts() throws {
        let fixture = try Fixture(seed: 5)
        let (device, owner) = (fixture.device, fixture.owner)
        let (kate, john, anna) = (fixture.id("Kate"), fixture.id("John"), fixture.id("Anna"))
        let limited = try fixture.app("limited", .allowLimited([kate]))
        #expect(try limited.contactIdentifiers(matching: .name("k")) == [kate])
        // The device's index exists too: the limited app must not read it.
        #expect(try owner.contactIdentifiers(matching: .name("j")) == [john])
        #expect(try limited.contactIdentifiers(matching: .name("j")).isEmpty)

        // P grows, then shrinks, after the app's first search.
        try device.applySettings(.editPermittedSet(adding: [john, anna], removing: []), to: "limited")
        #expect(try limited.contactIdentifiers(matching: .name("j")) == [john])
        #expect(try limited.contactIdentifiers(matching: .emailAddress("anna@example.com")) == [anna])
        try device.applySettings(.editPermittedSet(adding: [], removing: [anna]), to: "limited")
        #expect(try limited.contactIdentifiers(matching: .name("anna")).isEmpty)

        // A contact of P renamed by another app; one the limited app creates joins its index.
        try fixture.rename(john, to: "Jonathan")
        #expect(try limited.contactIdentifiers(matching: .name("jonat")) == [john])
        var created = MutableContact()
        created.givenName = "Kim"
        var add = SaveRequest()
        let reference = add.add(created)
        let kim = try #require(try limited.execute(add).identifier(for: reference))
        #expect(try limited.contactIdentifiers(matching: .name("k")) == [kate, kim])

        // Deleted, a contact leaves it; leaving limited access drops it, a new P builds anew.
        var delete = SaveRequest()
        delete.deleteContact(.saved(kate))
        try owner.execute(delete)
        #expect(try limited.contactIdentifiers(matching: .name("k")) == [kim])
        #expect(device.checkInvariants().isEmpty, "\(device.checkInvariants())")
        try device.applySettings(.deny, to: "limited")
        try device.applySettings(.allowLimited([anna]), to: "limited")
        #expect(try limited.contactIdentifiers(matching: .name("a")) == [anna])
        #expect(device.checkInvariants().isEmpty, "\(device.checkInvariants())")
    }
}
