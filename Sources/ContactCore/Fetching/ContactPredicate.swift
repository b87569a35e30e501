/// Which contacts a fetch wants: exactly one criterion, as Apple's `CNContact` predicates.
///
/// There are no compound predicates; fetch twice and combine instead.
public enum ContactPredicate: Hashable, Sendable {
    /// The contacts with these identifiers; unknown, invisible or repeated ones are skipped.
    case identifiers([String])
    /// Contacts whose name matches as the person types it (see the search rules). A query
    /// with no letters or digits is ``ContactError/Code/predicateInvalid``.
    case name(String)
    /// Contacts with this number: the same digits, or the same trailing seven or more.
    case phoneNumber(PhoneNumber)
    /// Contacts with exactly this address, compared without regard to case.
    case emailAddress(String)
    /// Members of the group; an unknown group has no members.
    case inGroup(identifier: String)
    /// Contacts in the container; an unknown container holds none.
    case inContainer(identifier: String)
}

/// The order of fetched contacts. Ties always fall back to the identifier's UTF-8 bytes.
public enum SortOrder: Hashable, Sendable, CaseIterable {
    /// Insertion order.
    case none
    /// Given name, then family name.
    case givenName
    /// Family name, then given name.
    case familyName
    /// The device's choice (``ContactDevice/init(seed:identity:defaultSortOrder:historyLimit:)``).
    case userDefault
}

/// A fetch: which contacts, which keys, in which order (Apple's `CNContactFetchRequest`).
public struct ContactFetchRequest: Hashable, Sendable {
    /// `nil` fetches every visible contact.
    public var predicate: ContactPredicate?
    public var keysToFetch: [ContactKey]
    public var sortOrder: SortOrder

    public init(predicate: ContactPredicate? = nil, keysToFetch: [ContactKey], sortOrder: SortOrder = .none) {
        self.predicate = predicate
        self.keysToFetch = keysToFetch
        self.sortOrder = sortOrder
    }
}
