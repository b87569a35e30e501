/// A contact as a fetch returned it: immutable, carrying only the keys the fetch asked for.
///
/// Reading a property the fetch did not ask for throws ``ContactError/Code/propertyNotFetched``
/// (Apple raises an exception) instead of returning an empty value that would look like data.
/// Use ``isKeyAvailable(_:)`` to ask first, and ``mutableCopy()`` to edit.
public struct Contact: Hashable, Sendable, Identifiable, Codable {
    /// The store-assigned identifier; always available.
    public let identifier: String
    /// Person or organization; always available.
    public let contactType: ContactType
    let fields: ContactFields
    let keys: ContactKeySet

    /// Only `keys` of `fields` are kept.
    init(identifier: String, contactType: ContactType, fields: borrowing ContactFields, keys: ContactKeySet) {
        self.identifier = identifier
        self.contactType = contactType
        self.fields = fields.keeping(keys)
        self.keys = keys
    }

    /// The same from the fields `fields` points to (a stored contact's, read where it lies).
    init(identifier: String, contactType: ContactType, fields: UnsafePointer<ContactFields>, keys: ContactKeySet) {
        self.identifier = identifier
        self.contactType = contactType
        self.fields = ContactFields.keeping(keys, of: fields)
        self.keys = keys
    }

    public var id: String { identifier }

    /// Whether the fetch that produced this contact asked for `key`.
    public func isKeyAvailable(_ key: ContactKey) -> Bool { keys.contains(key) }

    /// Whether every one of `keys` was fetched.
    ///
    /// An array, as Apple's takes: a generic sequence ran unspecialized, element by element
    /// through witness tables, in every caller outside this module.
    public func areKeysAvailable(_ keys: [ContactKey]) -> Bool {
        self.keys.isSuperset(of: ContactKeySet(keys))
    }

    /// The keys this contact carries, in ``ContactKey`` declaration order.
    public var availableKeys: [ContactKey] { keys.keys }

    /// An editable copy carrying the same keys; saving it writes only those keys.
    public func mutableCopy() -> MutableContact {
        MutableContact(identifier: identifier, contactType: contactType, fields: fields, keys: keys)
    }

    private func read<T>(_ key: ContactKey, _ path: KeyPath<ContactFields, T>) throws(ContactError) -> T {
        guard keys.contains(key) else { throw .propertyNotFetched(key) }
        return fields[keyPath: path]
    }

    public var namePrefix: String { get throws(ContactError) { try read(.namePrefix, \.namePrefix) } }
    public var givenName: String { get throws(ContactError) { try read(.givenName, \.givenName) } }
    public var middleName: String { get throws(ContactError) { try read(.middleName, \.middleName) } }
    public var familyName: String { get throws(ContactError) { try read(.familyName, \.familyName) } }
    public var previousFamilyName: String {
        get throws(ContactError) { try read(.previousFamilyName, \.previousFamilyName) }
    }
    public var nameSuffix: String { get throws(ContactError) { try read(.nameSuffix, \.nameSuffix) } }
    public var nickname: String { get throws(ContactError) { try read(.nickname, \.nickname) } }
    public var phoneticGivenName: String {
        get throws(ContactError) { try read(.phoneticGivenName, \.phoneticGivenName) }
    }
    public var phoneticMiddleName: String {
        get throws(ContactError) { try read(.phoneticMiddleName, \.phoneticMiddleName) }
    }
    public var phoneticFamilyName: String {
        get throws(ContactError) { try read(.phoneticFamilyName, \.phoneticFamilyName) }
    }
    public var organizationName: String {
        get throws(ContactError) { try read(.organizationName, \.organizationName) }
    }
    public var phoneticOrganizationName: String {
        get throws(ContactError) { try read(.phoneticOrganizationName, \.phoneticOrganizationName) }
    }
    public var departmentName: String { get throws(ContactError) { try read(.departmentName, \.departmentName) } }
    public var jobTitle: String { get throws(ContactError) { try read(.jobTitle, \.jobTitle) } }
    public var phoneNumbers: [LabeledValue<PhoneNumber>] {
        get throws(ContactError) { try read(.phoneNumbers, \.phoneNumbers) }
    }
    public var emailAddresses: [LabeledValue<String>] {
        get throws(ContactError) { try read(.emailAddresses, \.emailAddresses) }
    }
    public var postalAddresses: [LabeledValue<PostalAddress>] {
        get throws(ContactError) { try read(.postalAddresses, \.postalAddresses) }
    }
    public var urlAddresses: [LabeledValue<String>] {
        get throws(ContactError) { try read(.urlAddresses, \.urlAddresses) }
    }
    public var socialProfiles: [LabeledValue<SocialProfile>] {
        get throws(ContactError) { try read(.socialProfiles, \.socialProfiles) }
    }
    public var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] {
        get throws(ContactError) { try read(.instantMessageAddresses, \.instantMessageAddresses) }
    }
    public var contactRelations: [LabeledValue<ContactRelation>] {
        get throws(ContactError) { try read(.contactRelations, \.contactRelations) }
    }
    public var birthday: ContactDate? { get throws(ContactError) { try read(.birthday, \.birthday) } }
    public var nonGregorianBirthday: ContactDate? {
        get throws(ContactError) { try read(.nonGregorianBirthday, \.nonGregorianBirthday) }
    }
    public var dates: [LabeledValue<ContactDate>] { get throws(ContactError) { try read(.dates, \.dates) } }
    /// Needs the notes entitlement to be fetched at all.
    public var note: String { get throws(ContactError) { try read(.note, \.note) } }
    public var imageData: Data? { get throws(ContactError) { try read(.imageData, \.imageData) } }
    public var thumbnailImageData: Data? {
        get throws(ContactError) { try read(.thumbnailImageData, \.thumbnailImageData) }
    }
}

import Foundation
