import Foundation

/// Every stored property of a contact, as plain values: the storage behind ``Contact`` and
/// ``MutableContact``. Which of them a given value carries is tracked beside it.
struct ContactFields: Hashable, Sendable, Codable {
    var namePrefix = ""
    var givenName = ""
    var middleName = ""
    var familyName = ""
    var previousFamilyName = ""
    var nameSuffix = ""
    var nickname = ""
    var phoneticGivenName = ""
    var phoneticMiddleName = ""
    var phoneticFamilyName = ""
    var organizationName = ""
    var phoneticOrganizationName = ""
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
    var nonGregorianBirthday: ContactDate?
    var dates: [LabeledValue<ContactDate>] = []
    var note = ""
    var imageData: Data?
    var thumbnailImageData: Data?

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
        result.overwrite(keys, from: self)
        return result
    }
}
