/// What one app may see of the device, taken once under the lock: the only way a read
/// reaches contacts, so no read can return, count or order a contact outside the app's view
/// (SPEC 4). Groups and containers are the person's organisation and visible to any app with
/// access (decided); their memberships pass through the scope.
///
/// Writes resolve their references through ``DeviceState/visibleContactIdentifier(_:to:)``,
/// the same rule; the access button and the one-time contact picker are the person's views
/// of the whole device, by design.
struct AppScope {
    private let state: DeviceState
    let app: AppRecord

    init(_ state: DeviceState, _ app: AppRecord) {
        self.state = state
        self.app = app
    }

    /// The contact `identifier` names exactly, with its stored identifier, if the app sees it.
    func contact(_ identifier: String) -> (identifier: String, stored: StoredContact)? {
        guard let position = state.existingContactIndex(identifier), state.app(app, sees: state.contacts.identifier(at: position))
        else { return nil }
        return (state.contacts.identifier(at: position), state.contacts[position])
    }

    /// Where the contact `identifier` names exactly is stored, if the app sees it: ``contact(_:)``
    /// without copying the contact, and a cheaper key than its identifier to tell repeats by.
    ///
    /// The app's status and P are asked first, with the identifier as given: a limited app's
    /// identifier outside P costs a look-up in P alone, whatever else the device holds
    /// (SPEC 4's timing class). Asking P before knowing the contact exists gives the same
    /// answer: only an identifier equal byte for byte to a stored one gets a position, and P
    /// holds stored identifiers.
    func visiblePosition(_ identifier: String) -> DeviceState.ContactPosition? {
        guard state.app(app, sees: identifier) else { return nil }
        return state.existingContactIndex(identifier)
    }

    /// The stored identifier at a ``visiblePosition(_:)``.
    func identifier(at position: DeviceState.ContactPosition) -> String { state.contacts.identifier(at: position) }

    /// Where the identifiers this scope handed out (so visible ones) are stored, in their order.
    func positions(of identifiers: [String]) -> [DeviceState.ContactPosition] {
        identifiers.compactMap(state.contacts.position(of:))
    }

    /// The stored contact of an identifier the app sees (as the scope handed it out).
    func stored(_ identifier: String) -> StoredContact? {
        state.isVisible(identifier, to: app) ? state.contacts[identifier] : nil
    }

    /// The contacts at positions this scope handed out, in their order, as they are now:
    /// later saves do not change them.
    func snapshot(of selection: ContactSnapshot.Selection, keys: ContactKeySet) -> ContactSnapshot {
        ContactSnapshot(selection, contacts: state.contacts, keys: keys)
    }

    /// Every contact the app sees, in no particular order.
    var identifiers: [String] { state.visibleContactIdentifiers(to: app) }

    /// The visible members of a group.
    func members(of group: String) -> [String] {
        (state.members[group] ?? []).filter { state.isVisible($0, to: app) }
    }

    /// Visible contacts whose name matches; see ``searched(_:_:)``.
    func identifiers(matching query: NameQuery) -> [String] {
        searched({ $0.identifiers(matching: query) }, { query.matches($0) })
    }

    /// Visible contacts with a number that matches `digits` (``PhoneDigits``); see ``searched(_:_:)``.
    func identifiers(withPhoneDigits digits: String) -> [String] {
        searched({ $0.identifiers(withPhoneDigits: digits) }, { keys in
            keys.phoneDigits.contains { PhoneDigits.matches(query: digits, candidate: $0) }
        })
    }

    /// Visible contacts with this address (an ``EmailMatching/key(of:)``); see ``searched(_:_:)``.
    func identifiers(withEmail key: SearchText.Token) -> [String] {
        searched({ $0.identifiers(withEmail: key) }, { $0.emails.contains(key) })
    }

    /// What a search finds among the visible contacts. A limited app's search checks the
    /// search keys of its permitted set only (`check`), so its cost says nothing about other
    /// contacts (SPEC 4's timing class): the index's keys, or, before a device read from
    /// storage has built its index, keys computed for those contacts alone. An app that sees
    /// everything asks the index (`lookup`), in insertion order; its read built the index
    /// first (``ContactStore/withScope(searching:_:)``), or else a throwaway one is built here.
    private func searched(_ lookup: (SearchIndex) -> [String], _ check: (ContactSearchKeys) -> Bool) -> [String] {
        switch app.status {
        case .limited:
            // One copy of the index for the whole scan, not one per contact.
            let index = state.searchIndex
            return identifiers.filter { identifier in
                if let index { return index.keys(of: identifier).map(check) ?? false }
                return state.contacts[identifier].map { check(ContactSearchKeys($0.fields)) } ?? false
            }
        case .authorized: return lookup(state.searchIndex ?? SearchIndex(bulk: state.contacts))
        case .notDetermined, .restricted, .denied: return []
        }
    }

    /// Identifiers this scope handed out (so visible ones), in `order`, then by identifier.
    func sorted(_ identifiers: [String], by order: SortOrder) -> [String] {
        state.sorted(identifiers, by: order)
    }

    /// Positions this scope handed out, in `order`, then by identifier.
    func sorted(_ positions: [DeviceState.ContactPosition], by order: SortOrder) -> [DeviceState.ContactPosition] {
        state.sorted(positions, by: order)
    }

    var defaultSortOrder: SortOrder { state.defaultSortOrder }

    // MARK: The person's organisation

    var groups: [String: StoredGroup] { state.groups }
    var subgroups: [String: Set<String>] { state.subgroups }
    var containers: [ContactContainer] { state.containers }
    func existingGroupIdentifier(_ identifier: String) -> String? { state.existingGroupIdentifier(identifier) }
    func existingContainerIdentifier(_ identifier: String) -> String? { state.existingContainerIdentifier(identifier) }
}

extension ContactStore {
    /// Runs a read on the app's scope once it has access (prompting first from `notDetermined`).
    /// `searching`: the read asks the search index, which an app that sees everything needs
    /// built (``DeviceState/prepareSearchIndex()``); a limited app's search does without it.
    func withScope<T>(searching: Bool = false, _ body: (AppScope) throws(ContactError) -> T) throws(ContactError) -> T {
        try withAccess { (state, app) throws(ContactError) in
            if searching, app.status == .authorized { state.prepareSearchIndex() }
            return try body(AppScope(state, app))
        }
    }
}
