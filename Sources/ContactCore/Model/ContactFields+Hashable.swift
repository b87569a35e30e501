/// Equal when every field's value is, wherever it is stored; hashed field by field in
/// ``ContactKey`` order, as the synthesized conformance of all-inline fields did.
extension ContactFields: Hashable {
    static func == (lhs: ContactFields, rhs: ContactFields) -> Bool {
        lhs.givenName == rhs.givenName && lhs.familyName == rhs.familyName
            && lhs.organizationName == rhs.organizationName && lhs.departmentName == rhs.departmentName
            && lhs.jobTitle == rhs.jobTitle && lhs.phoneNumbers == rhs.phoneNumbers
            && lhs.emailAddresses == rhs.emailAddresses && lhs.postalAddresses == rhs.postalAddresses
            && lhs.urlAddresses == rhs.urlAddresses && lhs.socialProfiles == rhs.socialProfiles
            && lhs.instantMessageAddresses == rhs.instantMessageAddresses
            && lhs.contactRelations == rhs.contactRelations && lhs.birthday == rhs.birthday
            && lhs.dates == rhs.dates && lhs.note == rhs.note && lhs.imageData == rhs.imageData
            && lhs.rareValues == rhs.rareValues
    }

    func hash(into hasher: inout Hasher) {
        let rare = rareValues
        hasher.combine(rare.namePrefix)
        hasher.combine(givenName)
        hasher.combine(rare.middleName)
        hasher.combine(familyName)
        hasher.combine(rare.previousFamilyName)
        hasher.combine(rare.nameSuffix)
        hasher.combine(rare.nickname)
        hasher.combine(rare.phoneticGivenName)
        hasher.combine(rare.phoneticMiddleName)
        hasher.combine(rare.phoneticFamilyName)
        hasher.combine(organizationName)
        hasher.combine(rare.phoneticOrganizationName)
        hasher.combine(departmentName)
        hasher.combine(jobTitle)
        hasher.combine(phoneNumbers)
        hasher.combine(emailAddresses)
        hasher.combine(postalAddresses)
        hasher.combine(urlAddresses)
        hasher.combine(socialProfiles)
        hasher.combine(instantMessageAddresses)
        hasher.combine(contactRelations)
        hasher.combine(birthday)
        hasher.combine(rare.nonGregorianBirthday)
        hasher.combine(dates)
        hasher.combine(note)
        hasher.combine(imageData)
        hasher.combine(rare.thumbnailImageData)
    }
}
