import Testing
@testable import ContactCore

/// A device made in memory has no search index until a search that needs one builds it, as
/// an opened device (Decisions.md): saves before then keep none, a limited app's search
/// computes the keys of its own contacts and builds nothing, and every search answers as on a
/// device whose index was kept from the start.
@Suite("Search index — a device made in memory builds it at the first search")
struct SearchIndexInMemoryTests {
    static let owner = AppConfiguration(bundleIdentifier: "owner", usageDescription: "Keeps your contacts.")
    static let limited = AppConfiguration(bundleIdentifier: "limited", usageDescription: "Finds friends.")

    static func hasIndex(_ device: ContactDevice) -> Bool { device.state.withLock { $0.searchIndex != nil } }

    static func person(_ given: String, _ family: String, phone: String) -> MutableContact {
        var contact = MutableContact()
        contact.givenName = given
        contact.familyName = family
        contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber(phone))]
        return contact
    }

    @Test func savesKeepNoIndexAndTheFirstFullSearchBuildsIt() throws {
        let device = ContactDevice(seed: 3)
        try device.applySettings(.allowFull, to: Self.owner.bundleIdentifier)
        let owner = device.store(for: Self.owner)
        var request = SaveRequest()
        let kate = request.add(Self.person("Kate", "Bell", phone: "+1 555 0101"))
        let john = request.add(Self.person("John", "Appleseed", phone: "+1 555 0102"))
        let result = try owner.execute(request)
        let (kateID, johnID) = (try #require(result.identifier(for: kate)), try #require(result.identifier(for: john)))
        try device.applySettings(.allowLimited([kateID, johnID]), to: Self.limited.bundleIdentifier)
        #expect(!Self.hasIndex(device), "a save built the search index")

        // A limited app computes its own contacts' keys and builds nothing (SPEC 4: its cost is its P's).
        let limited = device.store(for: Self.limited)
        #expect(try limited.contactIdentifiers(matching: .name("kat")) == [kateID])
        #expect(try limited.contactIdentifiers(matching: .phoneNumber("5550102")) == [johnID])
        #expect(!Self.hasIndex(device), "a limited app's search built the index of the whole device")

        // A rename before the first full search: the index built then has the new name only.
        var renamed = try owner.unifiedContact(withIdentifier: kateID, keysToFetch: [.givenName]).mutableCopy()
        renamed.givenName = "Katherine"
        var rename = SaveRequest()
        rename.update(renamed)
        try owner.execute(rename)
        #expect(try owner.contactIdentifiers(matching: .name("kath")) == [kateID])
        #expect(Self.hasIndex(device))
        #expect(try owner.contactIdentifiers(matching: .name("kate")).isEmpty)
        #expect(try limited.contactIdentifiers(matching: .name("kath")) == [kateID])

        // Built, the index follows every save.
        var delete = SaveRequest()
        delete.deleteContact(.saved(johnID))
        try owner.execute(delete)
        #expect(try owner.contactIdentifiers(matching: .name("john")).isEmpty)
        #expect(try owner.contactIdentifiers(matching: .phoneNumber("5550102")).isEmpty)
        #expect(device.checkInvariants().isEmpty, "\(device.checkInvariants())")
    }
}
