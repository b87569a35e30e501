import Foundation

/// A contact you are editing: a new one for ``SaveRequest/add(_:toContainerWithIdentifier:)``,
/// or a ``Contact/mutableCopy()`` for ``SaveRequest/update(_:)``.
///
/// A new contact carries every key. A copy of a fetched contact carries the keys that were
/// fetched, and setting a property adds its key; an update writes only the carried keys, so
/// a partial fetch never erases what it did not read. A key the value does not carry reads
/// as its empty value here; ``isKeyAvailable(_:)`` tells the two apart.
public struct MutableContact: Hashable, Sendable {
    /// The saved contact this edits, or `nil` for a contact that was never saved.
    public let identifier: String?
    public var contactType: ContactType
    // Beside the one-byte type, the four-byte key set fills the word it would pad.
    var keys: ContactKeySet
    var fields: ContactFields

    /// A new, unsaved contact that carries every key.
    public init(contactType: ContactType = .person) {
        self.init(identifier: nil, contactType: contactType, fields: ContactFields(), keys: .all)
    }

    init(identifier: String?, contactType: ContactType, fields: ContactFields, keys: ContactKeySet) {
        self.identifier = identifier
        self.contactType = contactType
        self.fields = fields
        self.keys = keys
    }

    /// The order of the hasher's input is the declaration order before `keys` moved up.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(contactType)
        hasher.combine(fields)
        hasher.combine(keys)
    }

    public func isKeyAvailable(_ key: ContactKey) -> Bool { keys.contains(key) }

    /// The keys a save of this value writes, in ``ContactKey`` declaration order.
    public var availableKeys: [ContactKey] { keys.keys }

    public var namePrefix: String {
        get { fields.namePrefix }
        set { fields.namePrefix = newValue; keys.insert(ContactKeySet(.namePrefix)) }
    }

    public var givenName: String {
        get { fields.givenName }
        set { fields.givenName = newValue; keys.insert(ContactKeySet(.givenName)) }
    }

    public var middleName: String {
        get { fields.middleName }
        set { fields.middleName = newValue; keys.insert(ContactKeySet(.middleName)) }
    }

    public var familyName: String {
        get { fields.familyName }
        set { fields.familyName = newValue; keys.insert(ContactKeySet(.familyName)) }
    }

    public var previousFamilyName: String {
        get { fields.previousFamilyName }
        set { fields.previousFamilyName = newValue; keys.insert(ContactKeySet(.previousFamilyName)) }
    }

    public var nameSuffix: String {
        get { fields.nameSuffix }
        set { fields.nameSuffix = newValue; keys.insert(ContactKeySet(.nameSuffix)) }
    }

    public var nickname: String {
        get { fields.nickname }
        set { fields.nickname = newValue; keys.insert(ContactKeySet(.nickname)) }
    }

    public var phoneticGivenName: String {
        get { fields.phoneticGivenName }
        set { fields.phoneticGivenName = newValue; keys.insert(ContactKeySet(.phoneticGivenName)) }
    }

    public var phoneticMiddleName: String {
        get { fields.phoneticMiddleName }
        set { fields.phoneticMiddleName = newValue; keys.insert(ContactKeySet(.phoneticMiddleName)) }
    }

    public var phoneticFamilyName: String {
        get { fields.phoneticFamilyName }
        set { fields.phoneticFamilyName = newValue; keys.insert(ContactKeySet(.phoneticFamilyName)) }
    }

    public var organizationName: String {
        get { fields.organizationName }
        set { fields.organizationName = newValue; keys.insert(ContactKeySet(.organizationName)) }
    }

    public var phoneticOrganizationName: String {
        get { fields.phoneticOrganizationName }
        set { fields.phoneticOrganizationName = newValue; keys.insert(ContactKeySet(.phoneticOrganizationName)) }
    }

    public var departmentName: String {
        get { fields.departmentName }
        set { fields.departmentName = newValue; keys.insert(ContactKeySet(.departmentName)) }
    }

    public var jobTitle: String {
        get { fields.jobTitle }
        set { fields.jobTitle = newValue; keys.insert(ContactKeySet(.jobTitle)) }
    }

    public var phoneNumbers: [LabeledValue<PhoneNumber>] {
        get { fields.phoneNumbers }
        set { fields.phoneNumbers = newValue; keys.insert(ContactKeySet(.phoneNumbers)) }
    }

    public var emailAddresses: [LabeledValue<String>] {
        get { fields.emailAddresses }
        set { fields.emailAddresses = newValue; keys.insert(ContactKeySet(.emailAddresses)) }
    }

    public var postalAddresses: [LabeledValue<PostalAddress>] {
        get { fields.postalAddresses }
        set { fields.postalAddresses = newValue; keys.insert(ContactKeySet(.postalAddresses)) }
    }

    public var urlAddresses: [LabeledValue<String>] {
        get { fields.urlAddresses }
        set { fields.urlAddresses = newValue; keys.insert(ContactKeySet(.urlAddresses)) }
    }

    public var socialProfiles: [LabeledValue<SocialProfile>] {
        get { fields.socialProfiles }
        set { fields.socialProfiles = newValue; keys.insert(ContactKeySet(.socialProfiles)) }
    }

    public var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] {
        get { fields.instantMessageAddresses }
        set { fields.instantMessageAddresses = newValue; keys.insert(ContactKeySet(.instantMessageAddresses)) }
    }

    public var contactRelations: [LabeledValue<ContactRelation>] {
        get { fields.contactRelations }
        set { fields.contactRelations = newValue; keys.insert(ContactKeySet(.contactRelations)) }
    }

    public var birthday: ContactDate? {
        get { fields.birthday }
        set { fields.birthday = newValue; keys.insert(ContactKeySet(.birthday)) }
    }

    public var nonGregorianBirthday: ContactDate? {
        get { fields.nonGregorianBirthday }
        set { fields.nonGregorianBirthday = newValue; keys.insert(ContactKeySet(.nonGregorianBirthday)) }
    }

    public var dates: [LabeledValue<ContactDate>] {
        get { fields.dates }
        set { fields.dates = newValue; keys.insert(ContactKeySet(.dates)) }
    }

    /// Needs the notes entitlement to save.
    public var note: String {
        get { fields.note }
        set { fields.note = newValue; keys.insert(ContactKeySet(.note)) }
    }

    public var imageData: Data? {
        get { fields.imageData }
        set { fields.imageData = newValue; keys.insert(ContactKeySet(.imageData)) }
    }

    public var thumbnailImageData: Data? {
        get { fields.thumbnailImageData }
        set { fields.thumbnailImageData = newValue; keys.insert(ContactKeySet(.thumbnailImageData)) }
    }

}

extension MutableContact {
    /// The same contact carrying only `keys`, as a fetch of those keys gives it: for the
    /// harness, which exports partial contacts without a store.
    package func carrying(only keys: [ContactKey]) -> MutableContact {
        let carried = ContactKeySet(keys)
        return MutableContact(identifier: identifier, contactType: contactType, fields: fields.keeping(carried), keys: carried)
    }
}
