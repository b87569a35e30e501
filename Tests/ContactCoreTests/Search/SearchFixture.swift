import ContactCore

/// A device with an owner app that has full access, for adding contacts and searching them.
struct SearchFixture {
    static let owner = AppConfiguration(bundleIdentifier: "com.example.owner", usageDescription: "Keeps your contacts.")

    let device: ContactDevice
    let owner: ContactStore

    init(seed: UInt64 = 11, defaultSortOrder: SortOrder = .givenName) throws {
        device = ContactDevice(seed: seed, defaultSortOrder: defaultSortOrder)
        owner = device.store(for: Self.owner)
        try device.applySettings(.allowFull, to: Self.owner.bundleIdentifier)
    }

    /// Saves a new contact and returns its identifier.
    @discardableResult
    func add(
        given: String = "", family: String = "", phoneticGiven: String = "", phoneticFamily: String = "",
        organization: String = "", phones: [String] = [], emails: [String] = [],
        _ edit: (inout MutableContact) -> Void = { _ in }
    ) throws -> String {
        var contact = MutableContact()
        contact.givenName = given
        contact.familyName = family
        contact.phoneticGivenName = phoneticGiven
        contact.phoneticFamilyName = phoneticFamily
        contact.organizationName = organization
        contact.phoneNumbers = phones.map { LabeledValue(label: .mobile, value: PhoneNumber($0)) }
        contact.emailAddresses = emails.map { LabeledValue(label: .home, value: $0) }
        edit(&contact)
        var request = SaveRequest()
        let reference = request.add(contact)
        return try owner.execute(request).identifier(for: reference) ?? ""
    }

    /// Identifiers the owner's name predicate finds, as a set.
    func found(_ query: String, in store: ContactStore? = nil) throws(ContactError) -> Set<String> {
        Set(try (store ?? owner).unifiedContacts(matching: .name(query), keysToFetch: []).map(\.identifier))
    }

    /// A copy of a saved contact to edit, carrying its name keys.
    func copy(of identifier: String) throws -> MutableContact {
        try owner.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName, .familyName, .organizationName])
            .mutableCopy()
    }
}
