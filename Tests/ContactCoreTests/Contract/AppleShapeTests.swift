import ContactCore
import Foundation
import Testing

/// Issue 11's API shape: Apple's raw values, async access, typed errors, Codable values, and
/// app code written against ``ContactStoring``.
@Suite struct AppleShapeTests {
    @Test func statusesHaveApplesRawValues() {
        #expect(AuthorizationStatus.notDetermined.rawValue == 0)
        #expect(AuthorizationStatus.restricted.rawValue == 1)
        #expect(AuthorizationStatus.denied.rawValue == 2)
        #expect(AuthorizationStatus.authorized.rawValue == 3)
        #expect(AuthorizationStatus.limited.rawValue == 4)
    }

    /// App code that knows only the protocol.
    static func namesOfFriends(in store: some ContactStoring) async throws(ContactError) -> [String] {
        guard try await store.requestAccess() else { return [] }
        var names: [String] = []
        try store.enumerateContacts(with: ContactFetchRequest(keysToFetch: [.givenName], sortOrder: .givenName)) {
            (contact, _) throws(ContactError) in names.append(try contact.givenName)
        }
        return names
    }

    @Test func appCodeWrittenAgainstTheProtocolRunsOnAStore() async throws {
        let device = ContactDevice(seed: 9, identity: 9)
        device.setPromptResponder { _ in .allowFull }
        let store = device.store(for: AppConfiguration(bundleIdentifier: "com.example.app", usageDescription: "Friends"))
        var request = SaveRequest()
        for name in ["Zoë", "Ada"] {
            var contact = MutableContact()
            contact.givenName = name
            request.add(contact)
        }
        try device.applySettings(.allowFull, to: "com.example.owner")
        try device.store(for: AppConfiguration(bundleIdentifier: "com.example.owner", usageDescription: "Owner")).execute(request)
        #expect(try await Self.namesOfFriends(in: store) == ["Ada", "Zoë"])
    }

    @Test func valuesRoundTripThroughJSON() throws {
        let device = ContactDevice(seed: 9, identity: 9)
        try device.applySettings(.allowFull, to: "com.example.app")
        let store = device.store(for: AppConfiguration(bundleIdentifier: "com.example.app", usageDescription: "Friends"))
        var contact = MutableContact()
        contact.givenName = "Ada"
        contact.phoneNumbers = [LabeledValue(label: .mobile, value: "+44 20 7946 0000")]
        contact.birthday = ContactDate(month: 12, day: 10)
        var request = SaveRequest()
        let reference = request.add(contact)
        let identifier = try #require(try store.execute(request).identifier(for: reference))
        let fetched = try store.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName, .phoneNumbers, .birthday])
        let decoded = try JSONDecoder().decode(Contact.self, from: JSONEncoder().encode(fetched))
        #expect(decoded == fetched)
        #expect(Set(decoded.availableKeys) == [.givenName, .phoneNumbers, .birthday])
        let token = try store.currentHistoryToken
        #expect(try JSONDecoder().decode(HistoryToken.self, from: JSONEncoder().encode(token)) == token)
        #expect(try JSONDecoder().decode([AuthorizationStatus].self, from: JSONEncoder().encode(AuthorizationStatus.allCases))
            == AuthorizationStatus.allCases)
        var addGroup = SaveRequest()
        addGroup.add(MutableGroup(name: "Family"))
        try store.execute(addGroup)
        let groups = try store.groups(matching: nil)
        #expect(try JSONDecoder().decode([ContactGroup].self, from: JSONEncoder().encode(groups)) == groups)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HistoryToken.self, from: Data("\"%%\"".utf8)) }
    }

    @Test func theReadmeTour() async throws {
        // README tour begins
        let device = ContactDevice()                      // the phone; the person answers prompts
        device.setPromptResponder { _ in .allowFull }
        let store: some ContactStoring = device.store(for: AppConfiguration(
            bundleIdentifier: "com.example.crm", usageDescription: "Shows your customers."))

        let granted = try await store.requestAccess()     // CNContactStore.requestAccess(for:)

        var ada = MutableContact()                        // CNMutableContact
        ada.givenName = "Ada"
        ada.familyName = "Lovelace"
        ada.phoneNumbers = [LabeledValue(label: .mobile, value: "+44 20 7946 0000")]
        var save = SaveRequest(transactionAuthor: "crm")  // CNSaveRequest
        save.add(ada)
        let token = try store.currentHistoryToken         // CNContactStore.currentHistoryToken
        try store.execute(save)

        let found = try store.unifiedContacts(             // predicateForContacts(matchingName:)
            matching: .name("ada lo"), keysToFetch: [.givenName, .phoneNumbers], sortOrder: .givenName)
        let byPhone = try store.unifiedContacts(           // predicateForContacts(matching: CNPhoneNumber)
            matching: .phoneNumber("020 7946 0000"), keysToFetch: [.familyName], sortOrder: .none)

        let history = try store.changeHistory(             // CNChangeHistoryFetchRequest
            for: ChangeHistoryFetchRequest(startingToken: token))
        // README tour ends
        #expect(granted)
        #expect(try found.map { try $0.givenName } == ["Ada"])
        #expect(try byPhone.map { try $0.familyName } == ["Lovelace"])
        #expect(history.events.count == 1)
        guard case .addContact = history.events.first else {
            Issue.record("\(history.events)")
            return
        }
    }
}

/// Issue 11: a request's references to what it adds mean nothing in another request.
@Suite struct RequestLocalReferenceTests {
    @Test func aReferenceFromAnotherRequestNamesNothing() throws {
        let device = ContactDevice(seed: 8, identity: 8)
        try device.applySettings(.allowFull, to: "com.example.app")
        let store = device.store(for: AppConfiguration(bundleIdentifier: "com.example.app", usageDescription: "App"))
        var first = SaveRequest()
        let added = first.add(MutableContact())
        try store.execute(first)
        var second = SaveRequest()
        second.add(MutableContact())          // the add the first request's reference would name by position
        second.deleteContact(added)
        let error = try #require(throws: ContactError.self) { try store.execute(second) }
        #expect(error.code == .recordDoesNotExist)
        #expect(device.allContactIdentifiers.count == 1, "nothing of the second request was saved")
        let result = try store.execute(SaveRequest())
        #expect(result.identifier(for: added) == nil, "a result answers only for its own request's records")
    }
}
