extension ContactStore {
    /// The visible contact with this identifier, carrying `keysToFetch`.
    ///
    /// - Throws: ``ContactError/Code/recordDoesNotExist`` alike for a missing, malformed or
    ///   invisible identifier; ``ContactError/Code/unauthorizedKeys`` for the note without
    ///   the entitlement; ``ContactError/Code/authorizationDenied`` without access.
    public func unifiedContact(withIdentifier identifier: String, keysToFetch: [ContactKey]) throws(ContactError)
        -> Contact
    {
        let keys = try checkReadable(keysToFetch)
        return try withScope { (scope) throws(ContactError) in
            guard let (stored, contact) = scope.contact(identifier) else { throw .recordDoesNotExist([identifier]) }
            return Contact(identifier: stored, contactType: contact.contactType, fields: contact.fields, keys: keys)
        }
    }

    /// The visible contacts matching `predicate`, carrying `keysToFetch`, in `sortOrder`.
    public func unifiedContacts(
        matching predicate: ContactPredicate, keysToFetch: [ContactKey], sortOrder: SortOrder = .none
    ) throws(ContactError) -> [Contact] {
        try contacts(for: ContactFetchRequest(predicate: predicate, keysToFetch: keysToFetch, sortOrder: sortOrder))
    }

    /// Calls `body` with each contact the request selects, in order, until `body` sets `stop`.
    ///
    /// The contacts are a snapshot taken when enumeration begins, so `body` may use the
    /// store, even to save. Each contact is built only when its turn comes: stopping after the
    /// first rows of a search costs those rows, not every match. An error `body` throws ends
    /// the enumeration and is rethrown; write the closure as
    /// `{ (contact, stop) throws(ContactError) in … }` to throw one.
    public func enumerateContacts(
        with request: ContactFetchRequest, using body: (Contact, inout Bool) throws(ContactError) -> Void
    ) throws(ContactError) {
        let keys = try checkReadable(request.keysToFetch)
        let query = try PreparedPredicate(request.predicate)
        let snapshot = try withScope(searching: query.usesSearchIndex) { scope in
            scope.snapshot(of: query.orderedSelection(in: scope, by: request.sortOrder), keys: keys)
        }
        var stop = false
        for contact in snapshot {
            try body(contact, &stop)
            if stop { break }
        }
    }

    /// The identifiers of the contacts ``unifiedContacts(matching:keysToFetch:sortOrder:)``
    /// would return, in the same order, without building the contacts: for counting, paging,
    /// or a search field that fetches only the rows it shows.
    public func contactIdentifiers(
        matching predicate: ContactPredicate, sortOrder: SortOrder = .none
    ) throws(ContactError) -> [String] {
        let query = try PreparedPredicate(predicate)
        return try withScope(searching: query.usesSearchIndex) { scope in query.ordered(in: scope, by: sortOrder) }
    }

    /// The contacts a fetch request selects: the one implementation behind every batch read.
    public func contacts(for request: ContactFetchRequest) throws(ContactError) -> [Contact] {
        let keys = try checkReadable(request.keysToFetch)
        let query = try PreparedPredicate(request.predicate)
        return try withScope(searching: query.usesSearchIndex) { scope in
            Array(scope.snapshot(of: query.orderedSelection(in: scope, by: request.sortOrder), keys: keys))
        }
    }
}

/// A predicate checked and normalized once, before the store is locked.
struct PreparedPredicate {
    private enum Criterion {
        case all
        case identifiers([String])
        case name(NameQuery)
        case phone(String)
        case email(SearchText.Token)
        case group(String)
        case container(String)
    }

    private let criterion: Criterion

    init(_ predicate: ContactPredicate?) throws(ContactError) {
        switch predicate {
        case nil: criterion = .all
        case .identifiers(let identifiers): criterion = .identifiers(identifiers)
        case .name(let query):
            let prepared = NameQuery(query)
            guard !prepared.isEmpty else {
                throw ContactError(.predicateInvalid, "A name query needs at least one letter, digit or symbol.")
            }
            criterion = .name(prepared)
        case .phoneNumber(let number):
            let digits = number.digits
            guard digits.utf8.count >= PhoneDigits.minimumQueryDigits else {
                throw ContactError(.predicateInvalid, "A phone query needs at least \(PhoneDigits.minimumQueryDigits) digits.")
            }
            criterion = .phone(digits)
        case .emailAddress(let address):
            guard !address.isEmpty else { throw ContactError(.predicateInvalid, "An email query cannot be empty.") }
            criterion = .email(EmailMatching.key(of: address))
        case .inGroup(let identifier): criterion = .group(identifier)
        case .inContainer(let identifier): criterion = .container(identifier)
        }
    }

    /// Identifiers of the visible contacts that match, each once, in no particular order.
    func select(in scope: AppScope) -> [String] {
        switch criterion {
        case .all:
            return scope.identifiers
        case .identifiers(let requested):
            return visiblePositions(requested, in: scope, by: .none).map(scope.identifier(at:))
        case .group(let identifier):
            return scope.existingGroupIdentifier(identifier).map(scope.members(of:)) ?? []
        case .name, .phone, .email:
            return searchResults(in: scope)?.identifiers ?? []
        case .container(let identifier):
            return scope.identifiers.filter { candidate in
                scope.stored(candidate).map { ContactIdentifier.areEqual($0.containerIdentifier, identifier) } ?? false
            }
        }
    }

    /// What a search criterion finds, in insertion order; `nil` for the others.
    private func searchResults(in scope: AppScope) -> SearchResults? {
        switch criterion {
        case .name(let query): scope.results(matching: query)
        case .phone(let digits): scope.results(withPhoneDigits: digits)
        case .email(let key): scope.results(withEmail: key)
        case .all, .identifiers, .group, .container: nil
        }
    }

    /// The selected identifiers in `order`.
    func ordered(in scope: AppScope, by order: SortOrder) -> [String] {
        let selected = select(in: scope)
        return isInInsertionOrder(order, in: scope) ? selected : scope.sorted(selected, by: order)
    }

    /// The selected contacts in `order`, as a fetch builds them: each requested identifier
    /// looked up once; a search in insertion order leaves its results to be read one by one as
    /// the contacts are built (``ContactSnapshot/Selection``).
    func orderedSelection(in scope: AppScope, by order: SortOrder) -> ContactSnapshot.Selection {
        if case .identifiers(let requested) = criterion { return .positions(visiblePositions(requested, in: scope, by: order)) }
        if isInInsertionOrder(order, in: scope), let results = searchResults(in: scope) { return .search(results) }
        let selected = select(in: scope)
        return .positions(scope.sorted(scope.positions(of: selected), by: order))
    }

    /// Where each requested identifier the app sees is stored, once each, in `order`.
    private func visiblePositions(
        _ requested: [String], in scope: AppScope, by order: SortOrder
    ) -> [DeviceState.ContactPosition] {
        // Sorting puts a repeated contact's positions side by side (every order ends in the
        // unique serial or identifier, so only the same contact compares equal): repeats are
        // dropped there, not through a set of every position seen.
        var previous: DeviceState.ContactPosition?
        return scope.sorted(requested.compactMap(scope.visiblePosition), by: order).filter { position in
            defer { previous = position }
            return position != previous
        }
    }

    /// Whether the selection is already in `order`: a search index answers in insertion order.
    private func isInInsertionOrder(_ order: SortOrder, in scope: AppScope) -> Bool {
        let insertionOrder = order == .none || (order == .userDefault && scope.defaultSortOrder == .none)
        return insertionOrder && usesSearchIndex
    }

    /// Whether the search index answers the criterion (``AppScope/identifiers(matching:)``).
    var usesSearchIndex: Bool {
        switch criterion {
        case .name, .phone, .email: true
        case .all, .identifiers, .group, .container: false
        }
    }
}
