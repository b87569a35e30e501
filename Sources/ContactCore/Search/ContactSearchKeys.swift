/// Everything search reads of one contact, normalized once when the contact is saved.
struct ContactSearchKeys: Hashable, Sendable {
    /// The name fields search reads, in this order.
    enum NameField: Hashable, Sendable, CaseIterable {
        case given, middle, family, previousFamily, nickname
        case phoneticGiven, phoneticMiddle, phoneticFamily
        case organization, phoneticOrganization
        /// The CJK family name and given name run together (山田 + 太郎 = 山田太郎).
        case familyGiven
        /// The same for the phonetic names (やまだ + たろう = やまだたろう).
        case phoneticFamilyGiven

        var isOrganization: Bool { self == .organization || self == .phoneticOrganization }
        /// The fields an exact full-name match compares.
        var isFullName: Bool { self == .given || self == .middle || self == .family }
    }

    /// One name token and the forms it is found by: the token first, then its CJK forms.
    struct NameToken: Hashable, Sendable {
        var field: NameField
        var forms: [SearchText.Token]
        var token: SearchText.Token { forms[0] }
    }

    var names: [NameToken] = []
    /// The ASCII digits of each phone number, in the contact's order.
    var phoneDigits: [String] = []
    /// Each email address as ``EmailMatching/key(of:)`` gives it, in the contact's order.
    var emails: [SearchText.Token] = []

    init() {}

    init(_ fields: ContactFields) {
        let texts: [(NameField, String)] = [
            (.given, fields.givenName), (.middle, fields.middleName), (.family, fields.familyName),
            (.previousFamily, fields.previousFamilyName), (.nickname, fields.nickname),
            (.phoneticGiven, fields.phoneticGivenName), (.phoneticMiddle, fields.phoneticMiddleName),
            (.phoneticFamily, fields.phoneticFamilyName),
            (.organization, fields.organizationName), (.phoneticOrganization, fields.phoneticOrganizationName),
        ]
        var tokens: [NameField: [SearchText.Token]] = [:]
        for (field, text) in texts where !text.isEmpty {
            tokens[field] = SearchText.tokens(of: text)
        }
        for (field, _) in texts {
            for token in tokens[field] ?? [] { names.append(NameToken(field: field, forms: CJKForms.forms(of: token))) }
        }
        for (field, family, given) in [(NameField.familyGiven, NameField.family, NameField.given),
                                       (.phoneticFamilyGiven, .phoneticFamily, .phoneticGiven)] {
            if let joined = Self.cjkConcatenation(family: tokens[family], given: tokens[given]) {
                names.append(NameToken(field: field, forms: CJKForms.forms(of: joined)))
            }
        }
        phoneDigits = fields.phoneNumbers.map(\.value.digits)
        emails = fields.emailAddresses.map { EmailMatching.key(of: $0.value) }
    }

    /// The family name's last token and the given name's first, run together when the one
    /// ends and the other begins in Han, kana or Hangul, as such names are written.
    private static func cjkConcatenation(family: [SearchText.Token]?, given: [SearchText.Token]?) -> SearchText.Token? {
        guard let last = family?.last, let first = given?.first,
              let end = String(decoding: last, as: UTF8.self).unicodeScalars.last,
              let start = String(decoding: first, as: UTF8.self).unicodeScalars.first,
              CJKForms.isCJK(end), CJKForms.isCJK(start)
        else { return nil }
        return last + first
    }
}
