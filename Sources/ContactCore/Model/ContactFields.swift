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

    /// Copies the properties named by `keys` from `other`, leaving the rest as they are.
    mutating func overwrite(_ keys: ContactKeySet, from other: ContactFields) {
        keys.forEach { key in
            switch key {
            case .namePrefix: namePrefix = other.namePrefix
            case .givenName: givenName = other.givenName
            case .middleName: middleName = other.middleName
            case .familyName: familyName = other.familyName
            case .previousFamilyName: previousFamilyName = other.previousFamilyName
            case .nameSuffix: nameSuffix = other.nameSuffix
            case .nickname: nickname = other.nickname
            case .phoneticGivenName: phoneticGivenName = other.phoneticGivenName
            case .phoneticMiddleName: phoneticMiddleName = other.phoneticMiddleName
            case .phoneticFamilyName: phoneticFamilyName = other.phoneticFamilyName
            case .organizationName: organizationName = other.organizationName
            case .phoneticOrganizationName: phoneticOrganizationName = other.phoneticOrganizationName
            case .departmentName: departmentName = other.departmentName
            case .jobTitle: jobTitle = other.jobTitle
            case .phoneNumbers: phoneNumbers = other.phoneNumbers
            case .emailAddresses: emailAddresses = other.emailAddresses
            case .postalAddresses: postalAddresses = other.postalAddresses
            case .urlAddresses: urlAddresses = other.urlAddresses
            case .socialProfiles: socialProfiles = other.socialProfiles
            case .instantMessageAddresses: instantMessageAddresses = other.instantMessageAddresses
            case .contactRelations: contactRelations = other.contactRelations
            case .birthday: birthday = other.birthday
            case .nonGregorianBirthday: nonGregorianBirthday = other.nonGregorianBirthday
            case .dates: dates = other.dates
            case .note: note = other.note
            case .imageData: imageData = other.imageData
            case .thumbnailImageData: thumbnailImageData = other.thumbnailImageData
            }
        }
    }

    /// These fields with only `keys` kept; every other property back to its empty value.
    func keeping(_ keys: ContactKeySet) -> ContactFields {
        if keys == .all { return self }
        if keys.isEmpty { return Self.empty }
        var result = Self.empty
        if rare == nil {
            result.overwrite(keys.subtracting(RareContactFields.keys), from: self)
        } else if keys.isSuperset(of: RareContactFields.keys) {
            result.overwrite(keys.subtracting(RareContactFields.keys), from: self)
            result.rare = rare
        } else {
            result.overwrite(keys, from: self)
        }
        return result
    }
}
