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
    /// What the app's searches read: the device's index for an app that sees everything, the
    /// index of its permitted set for a limited app; `nil` before a search has built it.
    private let searchIndex: SearchIndex?

    init(_ state: DeviceState, _ app: AppRecord, bundleIdentifier: String? = nil) {
        self.state = state
        self.app = app
        searchIndex = switch app.status {
        case .authorized: state.searchIndex
        case .limited: bundleIdentifier.flatMap { state.permittedIndexes[$0] }
        case .notDetermined, .restricted, .denied: nil
        }
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

    /// Visible contacts whose name matches, in insertion order; see ``searched(_:)``.
    func results(matching query: NameQuery) -> SearchResults {
        searched { $0.results(matching: query) }
    }

    /// Visible contacts with a number that matches `digits` (``PhoneDigits``), in insertion
    /// order; see ``searched(_:)``.
    func results(withPhoneDigits digits: String) -> SearchResults {
        searched { $0.results(withPhoneDigits: digits) }
    }

    /// Visible contacts with this address (an ``EmailMatching/key(of:)``), in insertion order;
    /// see ``searched(_:)``.
    func results(withEmail key: SearchText.Token) -> SearchResults {
        searched { $0.results(withEmail: key) }
    }

    /// What a search finds among the visible contacts, in insertion order. An app that sees
    /// everything asks the device's index; a limited app, the index of its permitted set
    /// alone, so its cost says nothing about other contacts (SPEC 4's timing class). The read
    /// built the index first (``ContactStore/withScope(searching:_:)``), or else a throwaway
    /// one is built here, of the same contacts.
    private func searched(_ lookup: (SearchIndex) -> SearchResults) -> SearchResults {
        if let searchIndex { return lookup(searchIndex) }
        switch app.status {
        case .authorized: return lookup(SearchIndex(bulk: state.contacts))
        case .limited: return lookup(DeviceState.permittedIndex(of: app, in: state.contacts))
        case .notDetermined, .restricted, .denied: return .none
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
    /// `searching`: the read asks a search index, which it builds first if need be: the
    /// device's for an app that sees everything (``DeviceState/prepareSearchIndex()``), that of
    /// the permitted set for a limited app (``DeviceState/preparePermittedIndex(for:)``).
    func withScope<T>(searching: Bool = false, _ body: (AppScope) throws(ContactError) -> T) throws(ContactError) -> T {
        try withAccess { (state, app) throws(ContactError) in
            if searching {
                switch app.status {
                case .authorized: state.prepareSearchIndex()
                case .limited: state.preparePermittedIndex(for: bundleIdentifier)
                case .notDetermined, .restricted, .denied: break
                }
            }
            return try body(AppScope(state, app, bundleIdentifier: bundleIdentifier))
        }
    }
}
