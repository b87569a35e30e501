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

    init(_ key: ContactKey) { rawValue = 1 << key.bitIndex }

    init<S: Sequence>(_ keys: S) where S.Element == ContactKey {
        self.init()
        for key in keys { insert(ContactKeySet(key)) }
    }

    static let all = ContactKeySet(ContactKey.allCases)

    func contains(_ key: ContactKey) -> Bool { contains(ContactKeySet(key)) }

    /// The keys in the set, in ``ContactKey`` declaration order.
    var keys: [ContactKey] { Array(members) }

    /// The keys in the set, in ``ContactKey`` declaration order: ``keys`` without allocating
    /// an array, and without a closure, for the loops that run once per fetched contact (a
    /// closure that reads a contact's fields holds a copy of them, a retain of every field).
    var members: Members { Members(remaining: rawValue) }

    struct Members: Sequence, IteratorProtocol {
        fileprivate var remaining: RawValue

        /// Exact, so that `Array(members)` allocates once instead of growing key by key.
        var underestimatedCount: Int { remaining.nonzeroBitCount }

        mutating func next() -> ContactKey? {
            guard remaining != 0 else { return nil }
            defer { remaining &= remaining - 1 }
            return ContactKey.allCases[remaining.trailingZeroBitCount]
        }
    }
}

extension ContactKey {
    /// The key's position in `allCases`, which is its bit in ``ContactKeySet``.
    fileprivate var bitIndex: UInt32 {
        switch self {
        case .namePrefix: 0
        case .givenName: 1
        case .middleName: 2
        case .familyName: 3
        case .previousFamilyName: 4
        case .nameSuffix: 5
        case .nickname: 6
        case .phoneticGivenName: 7
        case .phoneticMiddleName: 8
        case .phoneticFamilyName: 9
        case .organizationName: 10
        case .phoneticOrganizationName: 11
        case .departmentName: 12
        case .jobTitle: 13
        case .phoneNumbers: 14
        case .emailAddresses: 15
        case .postalAddresses: 16
        case .urlAddresses: 17
        case .socialProfiles: 18
        case .instantMessageAddresses: 19
        case .contactRelations: 20
        case .birthday: 21
        case .nonGregorianBirthday: 22
        case .dates: 23
        case .note: 24
        case .imageData: 25
        case .thumbnailImageData: 26
        }
    }
}

/// Encoded as the names of its keys, so that stored JSON survives a reordering of the bits.
extension ContactKeySet: Codable {
    init(from decoder: any Decoder) throws {
        self.init(try [ContactKey](from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        try keys.encode(to: encoder)
    }
}
