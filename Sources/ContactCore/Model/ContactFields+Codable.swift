import Foundation

/// The coding of all-inline fields, kept byte for byte: every key in ``ContactKey`` order, the
/// texts and lists always, the optional values only when present.
extension ContactFields: Codable {
    private enum CodingKeys: String, CodingKey {
        case namePrefix, givenName, middleName, familyName, previousFamilyName, nameSuffix, nickname
        case phoneticGivenName, phoneticMiddleName, phoneticFamilyName, organizationName
        case phoneticOrganizationName, departmentName, jobTitle, phoneNumbers, emailAddresses
        case postalAddresses, urlAddresses, socialProfiles, instantMessageAddresses, contactRelations
        case birthday, nonGregorianBirthday, dates, note, imageData, thumbnailImageData
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        namePrefix = try container.decode(String.self, forKey: .namePrefix)
        givenName = try container.decode(String.self, forKey: .givenName)
        middleName = try container.decode(String.self, forKey: .middleName)
        familyName = try container.decode(String.self, forKey: .familyName)
        previousFamilyName = try container.decode(String.self, forKey: .previousFamilyName)
        nameSuffix = try container.decode(String.self, forKey: .nameSuffix)
        nickname = try container.decode(String.self, forKey: .nickname)
        phoneticGivenName = try container.decode(String.self, forKey: .phoneticGivenName)
        phoneticMiddleName = try container.decode(String.self, forKey: .phoneticMiddleName)
        phoneticFamilyName = try container.decode(String.self, forKey: .phoneticFamilyName)
        organizationName = try container.decode(String.self, forKey: .organizationName)
        phoneticOrganizationName = try container.decode(String.self, forKey: .phoneticOrganizationName)
        departmentName = try container.decode(String.self, forKey: .departmentName)
        jobTitle = try container.decode(String.self, forKey: .jobTitle)
        phoneNumbers = try container.decode([LabeledValue<PhoneNumber>].self, forKey: .phoneNumbers)
        emailAddresses = try container.decode([LabeledValue<String>].self, forKey: .emailAddresses)
        postalAddresses = try container.decode([LabeledValue<PostalAddress>].self, forKey: .postalAddresses)
        urlAddresses = try container.decode([LabeledValue<String>].self, forKey: .urlAddresses)
        socialProfiles = try container.decode([LabeledValue<SocialProfile>].self, forKey: .socialProfiles)
        instantMessageAddresses = try container.decode([LabeledValue<InstantMessageAddress>].self, forKey: .instantMessageAddresses)
        contactRelations = try container.decode([LabeledValue<ContactRelation>].self, forKey: .contactRelations)
        birthday = try container.decodeIfPresent(ContactDate.self, forKey: .birthday)
        nonGregorianBirthday = try container.decodeIfPresent(ContactDate.self, forKey: .nonGregorianBirthday)
        dates = try container.decode([LabeledValue<ContactDate>].self, forKey: .dates)
        note = try container.decode(String.self, forKey: .note)
        imageData = try container.decodeIfPresent(Data.self, forKey: .imageData)
        thumbnailImageData = try container.decodeIfPresent(Data.self, forKey: .thumbnailImageData)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(namePrefix, forKey: .namePrefix)
        try container.encode(givenName, forKey: .givenName)
        try container.encode(middleName, forKey: .middleName)
        try container.encode(familyName, forKey: .familyName)
        try container.encode(previousFamilyName, forKey: .previousFamilyName)
        try container.encode(nameSuffix, forKey: .nameSuffix)
        try container.encode(nickname, forKey: .nickname)
        try container.encode(phoneticGivenName, forKey: .phoneticGivenName)
        try container.encode(phoneticMiddleName, forKey: .phoneticMiddleName)
        try container.encode(phoneticFamilyName, forKey: .phoneticFamilyName)
        try container.encode(organizationName, forKey: .organizationName)
        try container.encode(phoneticOrganizationName, forKey: .phoneticOrganizationName)
        try container.encode(departmentName, forKey: .departmentName)
        try container.encode(jobTitle, forKey: .jobTitle)
        try container.encode(phoneNumbers, forKey: .phoneNumbers)
        try container.encode(emailAddresses, forKey: .emailAddresses)
        try container.encode(postalAddresses, forKey: .postalAddresses)
        try container.encode(urlAddresses, forKey: .urlAddresses)
        try container.encode(socialProfiles, forKey: .socialProfiles)
        try container.encode(instantMessageAddresses, forKey: .instantMessageAddresses)
        try container.encode(contactRelations, forKey: .contactRelations)
        try container.encodeIfPresent(birthday, forKey: .birthday)
        try container.encodeIfPresent(nonGregorianBirthday, forKey: .nonGregorianBirthday)
        try container.encode(dates, forKey: .dates)
        try container.encode(note, forKey: .note)
        try container.encodeIfPresent(imageData, forKey: .imageData)
        try container.encodeIfPresent(thumbnailImageData, forKey: .thumbnailImageData)
    }
}
