/// A property of a contact that a fetch can ask for.
///
/// Raw values are Apple's key names (`CNContactGivenNameKey` is `"givenName"`), so keys
/// written down by one platform read back on the other.
public enum ContactKey: String, CaseIterable, Hashable, Sendable, Codable {
    case namePrefix, givenName, middleName, familyName, previousFamilyName, nameSuffix, nickname
    case phoneticGivenName, phoneticMiddleName, phoneticFamilyName
    case organizationName, phoneticOrganizationName, departmentName, jobTitle
    case phoneNumbers, emailAddresses, postalAddresses, urlAddresses
    case socialProfiles, instantMessageAddresses, contactRelations
    case birthday, nonGregorianBirthday, dates
    /// Reading or writing the note needs the notes entitlement (see ``AppConfiguration``).
    case note
    case imageData, thumbnailImageData

    /// Parses a key name, as keys arrive from files, fuzz inputs or other platforms.
    public init(named name: String) throws(ContactError) {
        guard let key = ContactKey(rawValue: name) else {
            throw ContactError(.unknownKey, "\"\(name.prefix(64))\" is not a contact key.")
        }
        self = key
    }

    /// The keys that hold a person's or organization's name, which search and sorting read.
    public static let nameKeys: [ContactKey] = [
        .namePrefix, .givenName, .middleName, .familyName, .previousFamilyName, .nameSuffix, .nickname,
        .phoneticGivenName, .phoneticMiddleName, .phoneticFamilyName,
        .organizationName, .phoneticOrganizationName,
    ]
}

/// A set of ``ContactKey`` as a bit mask: what a contact value carries.
struct ContactKeySet: OptionSet, Hashable, Sendable {
    var rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    init(_ key: ContactKey) {
        // `allCases` order is the declaration order; 27 keys fit in 32 bits.
        rawValue = 1 << UInt32(ContactKey.bitIndex[key] ?? 0)
    }

    init<S: Sequence>(_ keys: S) where S.Element == ContactKey {
        self.init()
        for key in keys { insert(ContactKeySet(key)) }
    }

    static let all = ContactKeySet(ContactKey.allCases)

    func contains(_ key: ContactKey) -> Bool { contains(ContactKeySet(key)) }

    var keys: [ContactKey] { ContactKey.allCases.filter { contains($0) } }
}

extension ContactKey {
    fileprivate static let bitIndex: [ContactKey: Int] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
