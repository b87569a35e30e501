import ContactCore
import Testing

/// SPEC 11 (amended): inside one commit an object's event sits at its last change.
@Suite struct HistoryOrderTests {
    static let app = AppConfiguration(bundleIdentifier: "com.example.sync", usageDescription: "Sync")

    @Test func updatingABThenAAgainListsBThenA() throws {
        let device = ContactDevice(seed: 2)
        try device.applySettings(.allowFull, to: Self.app.bundleIdentifier)
        let store = device.store(for: Self.app)
        var setup = SaveRequest()
        var a = MutableContact(), b = MutableContact()
        a.givenName = "A"
        b.givenName = "B"
        let refA = setup.add(a), refB = setup.add(b)
        let saved = try store.execute(setup)
        let idA = try #require(saved.identifier(for: refA)), idB = try #require(saved.identifier(for: refB))
        let token = try store.currentHistoryToken

        var request = SaveRequest()
        a.givenName = "A1"
        request.updateContact(.saved(idA), with: a)
        request.updateContact(.saved(idB), with: b)
        a.givenName = "A2"
        request.updateContact(.saved(idA), with: a)
        try store.execute(request)

        let events = try store.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token)).events
        let order: [String] = events.compactMap { if case .updateContact(let c) = $0 { c.identifier } else { nil } }
        #expect(order == [idB, idA])
    }

    @Test func anAddThenMembershipThenAnUpdateListsTheAddLast() throws {
        let device = ContactDevice(seed: 2)
        try device.applySettings(.allowFull, to: Self.app.bundleIdentifier)
        let store = device.store(for: Self.app)
        let token = try store.currentHistoryToken
        var request = SaveRequest()
        var contact = MutableContact()
        contact.givenName = "C"
        let reference = request.add(contact)
        let group = request.add(MutableGroup(name: "G"))
        request.addMember(reference, to: group)
        contact.givenName = "C2"
        request.updateContact(reference, with: contact)
        try store.execute(request)
        let events = try store.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token, includeGroupChanges: true, additionalContactKeys: [.givenName])).events
        guard events.count == 3, case .addGroup = events[0], case .addMember = events[1], case .addContact(let c, _) = events[2] else {
            Issue.record("events: \(events)")
            return
        }
        #expect(try c.givenName == "C2")
    }
}
