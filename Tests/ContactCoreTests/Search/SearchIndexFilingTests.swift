import Testing
@testable import ContactCore

/// A save files nothing in the search index: the next search that asks the index files the
/// contacts written since, each once (Decisions.md). Every search answers as if each save had
/// filed its contacts at once, and a limited app's search never files anyone else's.
@Suite("SPEC 7 — the search index files writes when a search needs them")
struct SearchIndexFilingTests {
    static let limited = AppConfiguration(bundleIdentifier: "com.example.limited", usageDescription: "Finds friends.")

    static func unindexed(_ device: ContactDevice) -> Set<String> { device.state.withLock { $0.unindexed } }
    static func filed(_ device: ContactDevice, _ identifier: String) -> Bool {
        device.state.withLock { $0.searchIndex?.keys(of: identifier) != nil }
    }

    static func rename(_ identifier: String, to given: String, in fixture: SearchFixture) throws {
        var copy = try fixture.owner.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName]).mutableCopy()
        copy.givenName = given
        var request = SaveRequest()
        request.update(copy)
        try fixture.owner.execute(request)
    }

    @Test func savesWaitForTheNextSearchWhichFilesEachContactOnce() throws {
        let fixture = try SearchFixture()
        let kate = try fixture.add(given: "Kate", family: "Bell", phones: ["+1 555 0101"])
        let john = try fixture.add(given: "John", family: "Appleseed")
        try Self.rename(kate, to: "Katherine", in: fixture)
        #expect(Self.unindexed(fixture.device) == [kate, john])
        #expect(!Self.filed(fixture.device, kate) && !Self.filed(fixture.device, john))
        #expect(try fixture.found("kath") == [kate])
        #expect(Self.unindexed(fixture.device).isEmpty)
        #expect(Self.filed(fixture.device, kate) && Self.filed(fixture.device, john))
        #expect(try fixture.found("kate").isEmpty, "the first name Kate had is still filed")
        #expect(try fixture.owner.contactIdentifiers(matching: .phoneNumber("555 0101")) == [kate])
    }

    /// The invariant check compares the index with a bulk build as the next search would
    /// find it: it files the writes first.
    @Test func theInvariantCheckFilesWhatANextSearchWould() throws {
        let fixture = try SearchFixture()
        let kate = try fixture.add(given: "Kate", family: "Bell")
        #expect(Self.unindexed(fixture.device) == [kate])
        #expect(fixture.device.checkInvariants().isEmpty, "\(fixture.device.checkInvariants())")
        #expect(Self.unindexed(fixture.device).isEmpty && Self.filed(fixture.device, kate))
    }

    @Test func aContactDeletedBeforeAnySearchIsNeverFound() throws {
        let fixture = try SearchFixture()
        _ = try fixture.found("a")  // the index is up to date, then:
        let anna = try fixture.add(given: "Anna", family: "Haro", emails: ["anna@example.com"])
        try Self.rename(anna, to: "Annabel", in: fixture)
        var request = SaveRequest()
        request.deleteContact(.saved(anna))
        try fixture.owner.execute(request)
        #expect(try fixture.found("anna").isEmpty)
        #expect(try fixture.owner.contactIdentifiers(matching: .emailAddress("anna@example.com")).isEmpty)
        #expect(!Self.filed(fixture.device, anna))
        #expect(fixture.device.checkInvariants().isEmpty, "\(fixture.device.checkInvariants())")
    }

    /// SPEC 4's timing class: the limited app's search computes its own contacts' keys where
    /// the index is behind, and leaves the owner's unfiled writes for the owner's next search.
    @Test func aLimitedAppFindsItsContactsAsTheyAreNowWithoutFilingOthers() throws {
        let fixture = try SearchFixture()
        let kate = try fixture.add(given: "Kate", family: "Bell")
        let john = try fixture.add(given: "John", family: "Appleseed")
        try fixture.device.applySettings(.allowLimited([kate]), to: Self.limited.bundleIdentifier)
        let limited = fixture.device.store(for: Self.limited)
        _ = try fixture.found("a")
        try Self.rename(kate, to: "Katherine", in: fixture)
        try Self.rename(john, to: "Johnny", in: fixture)

        #expect(try fixture.found("kath", in: limited) == [kate])
        #expect(try fixture.found("kate", in: limited).isEmpty)
        #expect(try fixture.found("johnny", in: limited).isEmpty)
        #expect(Self.unindexed(fixture.device) == [kate, john], "a limited app's search filed writes")
        #expect(try fixture.found("kath") == [kate])
        #expect(try fixture.found("johnny") == [john])
    }
}
