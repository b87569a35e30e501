import Foundation

/// Every stored property of a contact, as plain values: the storage behind ``Contact`` and
/// ``MutableContact``. Which of them a given value carries is tracked beside it.
///
/// The fields most contacts set are stored inline; the rest live in one shared, copy-on-write
/// ``RareContactFields`` box that exists only once one of them is non-empty (setting an empty
/// value where there is no box is free). A missing box and a box of empty values are the same
/// fields: equality, hashing and coding see only the values, as when every field was inline.
struct ContactFields: Sendable {
    var givenName = ""
    var familyName = ""
    var organizationName = ""
    var departmentName = ""
    var jobTitle = ""
    var phoneNumbers: [LabeledValue<PhoneNumber>] = []
    var emailAddresses: [LabeledValue<String>] = []
    var postalAddresses: [LabeledValue<PostalAddress>] = []
    var urlAddresses: [LabeledValue<String>] = []
    var socialProfiles: [LabeledValue<SocialProfile>] = []
    var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
    var contactRelations: [LabeledValue<ContactRelation>] = []
    var birthday: ContactDate?
    var dates: [LabeledValue<ContactDate>] = []
    var note = ""
    var imageData: Data?
    private var rare: RareContactFields?

    /// The out-of-line fields, all empty when there is no box.
    var rareValues: RareContactFields.Values { rare?.values ?? .empty }

    /// Applies `change` to the out-of-line fields, making the box first if there is none and
    /// copying it first if another value shares it.
    private mutating func updateRare(_ change: (inout RareContactFields.Values) -> Void) {
        if rare == nil {
            rare = RareContactFields(.empty)
        } else if !isKnownUniquelyReferenced(&rare) {
            rare = RareContactFields(rareValues)
        }
        // Just made or known unique: the box is not shared.
        if let rare { change(&rare.values) }
    }

    var namePrefix: String {
        get { rare?.values.namePrefix ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.namePrefix = newValue } } }
    }

    var middleName: String {
        get { rare?.values.middleName ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.middleName = newValue } } }
    }

    var previousFamilyName: String {
        get { rare?.values.previousFamilyName ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.previousFamilyName = newValue } } }
    }

    var nameSuffix: String {
        get { rare?.values.nameSuffix ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.nameSuffix = newValue } } }
    }

    var nickname: String {
        get { rare?.values.nickname ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.nickname = newValue } } }
    }

    var phoneticGivenName: String {
        get { rare?.values.phoneticGivenName ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.phoneticGivenName = newValue } } }
    }

    var phoneticMiddleName: String {
        get { rare?.values.phoneticMiddleName ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.phoneticMiddleName = newValue } } }
    }

    var phoneticFamilyName: String {
        get { rare?.values.phoneticFamilyName ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.phoneticFamilyName = newValue } } }
    }

    var phoneticOrganizationName: String {
        get { rare?.values.phoneticOrganizationName ?? "" }
        set { if rare != nil || !newValue.isEmpty { updateRare { $0.phoneticOrganizationName = newValue } } }
    }

    var nonGregorianBirthday: ContactDate? {
        get { rare?.values.nonGregorianBirthday }
        set { if rare != nil || newValue != nil { updateRare { $0.nonGregorianBirthday = newValue } } }
    }

    var thumbnailImageData: Data? {
        get { rare?.values.thumbnailImageData }
        set { if rare != nil || newValue != nil { updateRare { $0.thumbnailImageData = newValue } } }
    }

    static let empty = ContactFields()

    /// Copies the properties named by `keys` from the fields `other` points to, leaving the
    /// rest as they are. Through a pointer, so that only the named properties are read: a
    /// `ContactFields` passed by value is first copied whole, a retain of each of its references.
    mutating func overwrite(_ keys: ContactKeySet, from other: UnsafePointer<ContactFields>) {
        for key in keys.members {
            switch key {
            case .namePrefix: namePrefix = other.pointee.namePrefix
            case .givenName: givenName = other.pointee.givenName
            case .middleName: middleName = other.pointee.middleName
            case .familyName: familyName = other.pointee.familyName
            case .previousFamilyName: previousFamilyName = other.pointee.previousFamilyName
            case .nameSuffix: nameSuffix = other.pointee.nameSuffix
            case .nickname: nickname = other.pointee.nickname
            case .phoneticGivenName: phoneticGivenName = other.pointee.phoneticGivenName
            case .phoneticMiddleName: phoneticMiddleName = other.pointee.phoneticMiddleName
            case .phoneticFamilyName: phoneticFamilyName = other.pointee.phoneticFamilyName
            case .organizationName: organizationName = other.pointee.organizationName
            case .phoneticOrganizationName: phoneticOrganizationName = other.pointee.phoneticOrganizationName
            case .departmentName: departmentName = other.pointee.departmentName
            case .jobTitle: jobTitle = other.pointee.jobTitle
            case .phoneNumbers: phoneNumbers = other.pointee.phoneNumbers
            case .emailAddresses: emailAddresses = other.pointee.emailAddresses
            case .postalAddresses: postalAddresses = other.pointee.postalAddresses
            case .urlAddresses: urlAddresses = other.pointee.urlAddresses
            case .socialProfiles: socialProfiles = other.pointee.socialProfiles
            case .instantMessageAddresses: instantMessageAddresses = other.pointee.instantMessageAddresses
            case .contactRelations: contactRelations = other.pointee.contactRelations
            case .birthday: birthday = other.pointee.birthday
            case .nonGregorianBirthday: nonGregorianBirthday = other.pointee.nonGregorianBirthday
            case .dates: dates = other.pointee.dates
            case .note: note = other.pointee.note
            case .imageData: imageData = other.pointee.imageData
            case .thumbnailImageData: thumbnailImageData = other.pointee.thumbnailImageData
            }
        }
    }

    /// Copies the properties named by `keys` from `other`, leaving the rest as they are.
    mutating func overwrite(_ keys: ContactKeySet, from other: ContactFields) {
        withUnsafePointer(to: other) { overwrite(keys, from: $0) }
    }

    /// These fields with only `keys` kept; every other property back to its empty value.
    func keeping(_ keys: ContactKeySet) -> ContactFields {
        withUnsafePointer(to: self) { Self.keeping(keys, of: $0) }
    }

    /// ``keeping(_:)`` of the fields `fields` points to, read where they lie: a fetch builds
    /// each contact from the stored one this way, copying only the properties it asked for.
    static func keeping(_ keys: ContactKeySet, of fields: UnsafePointer<ContactFields>) -> ContactFields {
        if keys == .all { return fields.pointee }
        if keys.isEmpty { return Self.empty }
        var result = Self.empty
        if fields.pointee.rare == nil {
            result.overwrite(keys.subtracting(RareContactFields.keys), from: fields)
        } else if keys.isSuperset(of: RareContactFields.keys) {
            result.overwrite(keys.subtracting(RareContactFields.keys), from: fields)
            result.rare = fields.pointee.rare
        } else {
            result.overwrite(keys, from: fields)
        }
        return result
    }
}
