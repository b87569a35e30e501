/// What the person types into a search that reads names, phone numbers and email addresses,
/// as the access button does: a name query, and when the text fits, a phone or email query.
///
/// Text that normalizes to no token (empty, blank, punctuation only) matches nothing, not even
/// an address it begins (`_` and `_sales@…`): SPEC 7.
struct ContactSearchQuery: Sendable {
    let name: NameQuery
    /// The digits to match numbers with: set for text with no letters and at least
    /// ``PhoneDigits/minimumQueryDigits`` digits.
    let phoneDigits: String?
    /// The start of an address, lowercased; `nil` for text of no token.
    let emailPrefix: SearchText.Token?

    init(_ text: String) {
        name = NameQuery(text)
        guard !name.isEmpty else {
            (phoneDigits, emailPrefix) = (nil, nil)
            return
        }
        let digits = PhoneDigits.digits(of: text)
        let hasLetters = text.unicodeScalars.contains { $0.properties.isAlphabetic }
        phoneDigits = !hasLetters && digits.utf8.count >= PhoneDigits.minimumQueryDigits ? digits : nil
        emailPrefix = EmailMatching.prefixKey(of: text)
    }
}

extension ContactSearchQuery {
    /// How the query finds a contact with these keys: its kind of match, and which number and
    /// address matched; `nil` when it does not. The one rule the index and ``SearchProbe`` apply.
    func match(_ keys: ContactSearchKeys) -> (rank: SearchRank, phone: Int?, email: Int?)? {
        let phone = phoneDigits.flatMap { digits in keys.phoneDigits.firstIndex { PhoneDigits.matches(query: digits, candidate: $0) } }
        let email = emailPrefix.flatMap { prefix in keys.emails.firstIndex { $0.hasBytePrefix(prefix) } }
        let nameRank = name.rank(of: keys)
        guard nameRank != nil || phone != nil || email != nil else { return nil }
        return (nameRank ?? .phoneOrEmail, phone, email)
    }
}

/// One contact a ``ContactSearchQuery`` found, and how.
struct SearchHit: Sendable {
    let identifier: String
    let rank: SearchRank
    let keys: ContactSearchKeys
    /// Which of the contact's phone numbers matched, if one did.
    let matchedPhone: Int?
    /// Which of the contact's email addresses matched, if one did.
    let matchedEmail: Int?
}
