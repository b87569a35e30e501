/// SPEC 7's rules applied to one contact's values, without a store: what the harness's
/// differential search target compares with its reference model. The store and the access
/// button use the same functions (``ContactSearchQuery/match(_:)``, ``NameQuery``,
/// ``PhoneDigits``, ``EmailMatching``) behind the search index.
@_spi(Hooks) public struct SearchProbe: Sendable {
    private let keys: ContactSearchKeys
    private let emails: [String]

    public init(_ contact: MutableContact) {
        keys = ContactSearchKeys(contact.fields)
        emails = contact.fields.emailAddresses.map(\.value)
    }

    /// A query normalized once, as the store and the button normalize it.
    public struct Query: Sendable {
        fileprivate let search: ContactSearchQuery
        public init(_ text: String) { search = ContactSearchQuery(text) }
        /// Its normalized name tokens (``SearchNormalization/tokens(of:)``).
        public var tokens: [String] { search.name.tokens.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The store's name predicate.
    public func matchesName(_ query: Query) -> Bool { query.search.name.matches(keys) }

    /// The store's phone predicate, for a query of at least three digits.
    public func matchesPhone(_ query: String) -> Bool {
        let digits = PhoneDigits.digits(of: query)
        return keys.phoneDigits.contains { PhoneDigits.matches(query: digits, candidate: $0) }
    }

    /// The store's email predicate: the whole address, without regard to case.
    public func matchesEmail(_ address: String) -> Bool {
        EmailMatching.matchesWhole(emails, query: EmailMatching.key(of: address))
    }

    /// How the access button ranks the contact for `query` (0 exact full name, 1 name prefix,
    /// 2 organization, 3 phone or email), or `nil` when it does not match.
    public func buttonRank(_ query: Query) -> Int? { query.search.match(keys)?.rank.rawValue }
}
