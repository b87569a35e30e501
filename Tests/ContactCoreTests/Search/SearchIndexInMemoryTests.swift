import Testing
@testable import ContactCore

/// A device made in memory has no search index until a search that needs one builds it, as
/// an opened device (Decisions.md): saves before then keep none, a limited app's search
/// builds the index of its own P only (never the device's), and every search answers as on a
/// device whose index was kept from the start.
@Suite("Search index — a device made in memory builds it at the first search")
struct SearchIndexInMemoryTests {
    @Test func savesKeepNoIndexAndTheFirstFullSearchBuildsIt() throws {
        let fixture = try Fixture(seed: 3)
        let (device, owner) = (fixture.device, fixture.owner)
        let (kate, john) = (fixture.id("Kate"), fixture.id("John"))
        let limited = try fixture.app("limited", .allowLimited([kate, john]))
        let hasIndex = { SearchIndexAfterOpenTests.hasIndex(device) }
        #expect(!hasIndex(), "a save built the search index")

        // A limited app builds an index of its own P, not the device's (SPEC 4: its cost is its P's).
        #expect(try limited.contactIdentifiers(matching: .name("kat")) == [kate])
        #expect(try limited.contactIdentifiers(matching: .phoneNumber("5551249")) == [john])
        #expect(!hasIndex(), "a limited app's search built the index of the whole device")

        // A rename before the first full search: the index built then has the new name only.
        try fixture.rename(kate, to: "Katherine")
        #expect(try owner.contactIdentifiers(matching: .name("kath")) == [kate])
        #expect(hasIndex())
        #expect(try owner.contactIdentifiers(matching: .name("kate")).isEmpty)
        #expect(try limited.contactIdentifiers(matching: .name("kath")) == [kate])

        // Built, the index follows every save.
        var delete = SaveRequest()
        delete.deleteContact(.saved(john))
        try owner.execute(delete)
        #expect(try owner.contactIdentifiers(matching: .name("john")).isEmpty)
        #expect(try owner.contactIdentifiers(matching: .phoneNumber("5551249")).isEmpty)
        #expect(device.checkInvariants().isEmpty, "\(device.checkInvariants())")
    }
}
