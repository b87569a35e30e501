import ContactCore
import Testing

/// SPEC 7's phone rule and SPEC 6's error identifiers, as amended.
@Suite struct PhoneAndSaveErrorTests {
    static let app = AppConfiguration(bundleIdentifier: "com.example.app", usageDescription: "Contacts")

    static func store(with numbers: [String]) throws -> ContactStore {
        let device = ContactDevice(seed: 3)
        try device.applySettings(.allowFull, to: app.bundleIdentifier)
        let store = device.store(for: app)
        var request = SaveRequest()
        for number in numbers {
            var contact = MutableContact()
            contact.givenName = number
            contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber(number))]
            request.add(contact)
        }
        try store.execute(request)
        return store
    }

    @Test(arguments: [
        ("06 12 34 56 78", "+33 6 12 34 56 78", true),   // a trunk prefix against a country code
        ("+1 612 345 678", "+33 6 12 34 56 78", true),   // the same run of nine
        ("9 234 5678", "06 12 34 56 78", true),          // exactly seven shared
        ("99 345 678", "06 12 34 56 78", false),         // only six shared
        ("345678", "345678", true),                      // equal digits, shorter than seven
        ("345678", "1 345678", false),
    ])
    func numbersMatchByTheirLastSevenOrMoreDigits(_ query: String, _ stored: String, _ matches: Bool) throws {
        let store = try Self.store(with: [stored])
        let found = try store.contactIdentifiers(matching: .phoneNumber(PhoneNumber(query)))
        #expect(found.count == (matches ? 1 : 0), "\(query) against \(stored)")
    }

    @Test func aFailedSaveListsEveryIdentifierAsGivenEmptyOnesIncluded() throws {
        let store = try Self.store(with: [])
        var request = SaveRequest()
        request.deleteContact(.saved(""))
        request.deleteContact(.saved("missing"))
        request.deleteContact(.saved(""))
        let error = try #require(throws: ContactError.self) { try store.execute(request) }
        #expect(error.code == .recordDoesNotExist)
        #expect(error.affectedIdentifiers == ["", "missing"])
    }
}
