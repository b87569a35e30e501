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

        /// The fields a person writes, in the order their tokens are kept (the others are joins).
        static let written: [NameField] = [.given, .middle, .family, .previousFamily, .nickname, .phoneticGiven,
                                           .phoneticMiddle, .phoneticFamily, .organization, .phoneticOrganization]

        func text(in fields: ContactFields) -> String {
            switch self {
            case .given: fields.givenName
            case .middle: fields.middleName
            case .family: fields.familyName
            case .previousFamily: fields.previousFamilyName
            case .nickname: fields.nickname
            case .phoneticGiven: fields.phoneticGivenName
            case .phoneticMiddle: fields.phoneticMiddleName
            case .phoneticFamily: fields.phoneticFamilyName
            case .organization: fields.organizationName
            case .phoneticOrganization: fields.phoneticOrganizationName
            case .familyGiven, .phoneticFamilyGiven: ""
            }
        }

        var isOrganization: Bool { self == .organization || self == .phoneticOrganization }
        /// The fields an exact full-name match compares.
        var isFullName: Bool { self == .given || self == .middle || self == .family }
    }

    /// One name token and the forms it is found by: the token first, then its CJK forms.
    struct NameToken: Hashable, Sendable {
        var field: NameField
        var token: SearchText.Token
        /// ``CJKForms/furtherForms(of:)``: kept apart from the token, so that a name with no
        /// further form (most) holds an empty array, which allocates nothing, rather than a
        /// one-element array per contact.
        var furtherForms: [SearchText.Token]

        init(field: NameField, token: SearchText.Token) {
            self.field = field
            self.token = token
            furtherForms = CJKForms.furtherForms(of: token)
        }

        var forms: Forms { Forms(token: token, further: furtherForms) }

        /// The token, then its further forms.
        struct Forms: RandomAccessCollection {
            let token: SearchText.Token
            let further: [SearchText.Token]

            var startIndex: Int { 0 }
            var endIndex: Int { further.count + 1 }
            subscript(position: Int) -> SearchText.Token { position == 0 ? token : further[position - 1] }
        }
    }

    var names: [NameToken] = []

    /// Whether two of the name forms are the same bytes (a middle name that repeats the given
    /// name, a CJK name's parts again in its run-together form): the search index files a
    /// form once per contact, so it marks such contacts.
    var hasRepeatedForm: Bool {
        for (index, name) in names.enumerated() {
            for (position, form) in name.forms.enumerated() {
                if name.forms.dropFirst(position + 1).contains(form) { return true }
                if names[(index + 1)...].contains(where: { $0.forms.contains(form) }) { return true }
            }
        }
        return false
    }
    /// The ASCII digits of each phone number, in the contact's order.
    var phoneDigits: [String] = []
    /// Each email address as ``EmailMatching/key(of:)`` gives it, in the contact's order.
    var emails: [SearchText.Token] = []

    init() {}

    init(_ fields: ContactFields) {
        var pool = TokenPool(keeping: 0)
        self.init(fields, pool: &pool)
    }

    /// The keys of `fields`, with tokens `pool` already holds shared rather than made again.
    init(_ fields: ContactFields, pool: inout TokenPool) {
        let written = NameField.written
        // Every field's tokens first, then the names at their exact size: appended one by one,
        // a CJK name's tokens and its run-together form left a third of the array unused.
        names = withUnsafeTemporaryAllocation(of: [SearchText.Token].self, capacity: written.count) { perField in
            var count = 0
            for (index, field) in written.enumerated() {
                let text = field.text(in: fields)
                let fieldTokens = text.isEmpty ? [] : pool.tokens(of: text)
                perField.initializeElement(at: index, to: fieldTokens)
                count += fieldTokens.count
            }
            defer { _ = perField.deinitialize() }
            func tokens(_ field: NameField) -> [SearchText.Token] { written.firstIndex(of: field).map { perField[$0] } ?? [] }
            let joined = Self.cjkConcatenation(family: tokens(.family), given: tokens(.given)).map { pool.shared($0) }
            let phoneticJoined = Self.cjkConcatenation(family: tokens(.phoneticFamily), given: tokens(.phoneticGiven))
                .map { pool.shared($0) }
            var names: [NameToken] = []
            names.reserveCapacity(count + (joined == nil ? 0 : 1) + (phoneticJoined == nil ? 0 : 1))
            for (index, field) in written.enumerated() {
                for token in perField[index] { names.append(NameToken(field: field, token: token)) }
            }
            if let joined { names.append(NameToken(field: .familyGiven, token: joined)) }
            if let phoneticJoined { names.append(NameToken(field: .phoneticFamilyGiven, token: phoneticJoined)) }
            return names
        }
        phoneDigits = fields.phoneNumbers.map(\.value.digits)
        emails = fields.emailAddresses.map { EmailMatching.key(of: $0.value) }
    }

    /// The family name's last token and the given name's first, run together when the one
    /// ends and the other begins in Han, kana or Hangul, as such names are written.
    private static func cjkConcatenation(family: [SearchText.Token], given: [SearchText.Token]) -> SearchText.Token? {
        // An ASCII byte at either end is not CJK: most names stop here, before any decoding.
        guard let last = family.last, let first = given.first, last.last ?? 0 >= 0x80, first.first ?? 0 >= 0x80,
              let end = String(decoding: last, as: UTF8.self).unicodeScalars.last,
              let start = String(decoding: first, as: UTF8.self).unicodeScalars.first,
              CJKForms.isCJK(end), CJKForms.isCJK(start)
        else { return nil }
        return last + first
    }
}
