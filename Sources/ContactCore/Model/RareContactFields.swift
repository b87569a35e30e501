import Foundation

/// The fields of ``ContactFields`` that most contacts leave empty, kept out of line: a contact
/// that sets none of them carries one `nil` pointer instead of 208 bytes.
///
/// The set is what Apple's Contacts app hides behind "add field" (prefix, middle name, suffix,
/// nickname, maiden name, the phonetic names) plus the alternate birthday and the thumbnail.
/// A box is copy-on-write: ``ContactFields`` mutates one only when no other value holds it.
final class RareContactFields: @unchecked Sendable {
    // `@unchecked`: the only mutation is through `ContactFields`'s setters, after
    // `isKnownUniquelyReferenced` said no other value (on any thread) holds this box.
    var values: Values

    init(_ values: Values) { self.values = values }

    /// The keys of the fields kept here.
    static let keys = ContactKeySet([
        .namePrefix, .middleName, .previousFamilyName, .nameSuffix, .nickname, .phoneticGivenName,
        .phoneticMiddleName, .phoneticFamilyName, .phoneticOrganizationName, .nonGregorianBirthday,
        .thumbnailImageData,
    ])

    struct Values: Hashable, Sendable {
        var namePrefix = ""
        var middleName = ""
        var previousFamilyName = ""
        var nameSuffix = ""
        var nickname = ""
        var phoneticGivenName = ""
        var phoneticMiddleName = ""
        var phoneticFamilyName = ""
        var phoneticOrganizationName = ""
        var nonGregorianBirthday: ContactDate?
        var thumbnailImageData: Data?

        static let empty = Values()
    }
}
