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
        guard let visible = state.visibleContactIdentifier(identifier, to: app), let stored = state.contacts[visible] else {
            return nil
        }
        return (visible, stored)
    }

    /// The stored contact of an identifier the app sees (as the scope handed it out).
    func stored(_ identifier: String) -> StoredContact? {
        state.isVisible(identifier, to: app) ? state.contacts[identifier] : nil
    }

    /// Every contact the app sees, in no particular order.
    var identifiers: [String] { state.visibleContactIdentifiers(to: app) }

    /// The visible members of a group.
    func members(of group: String) -> [String] {
        (state.members[group] ?? []).filter { state.isVisible($0, to: app) }
    }

    /// Visible contacts whose name matches. A limited app's search looks at its permitted
    /// set only, so its cost says nothing about other contacts; otherwise the index answers,
    /// in insertion order.
    func identifiers(matching query: NameQuery) -> [String] {
        switch app.status {
        case .limited: identifiers.filter { state.searchIndex.contact($0, matches: query) }
        case .authorized: state.searchIndex.identifiers(matching: query)
        case .notDetermined, .restricted, .denied: []
        }
    }

    /// Visible identifiers in `order`, then by identifier.
    func sorted(_ identifiers: [String], by order: SortOrder) -> [String] {
        state.sorted(identifiers.filter { state.isVisible($0, to: app) }, by: order)
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
    func withScope<T>(_ body: (AppScope) throws(ContactError) -> T) throws(ContactError) -> T {
        try withAccess { (state, app) throws(ContactError) in try body(AppScope(state, app)) }
    }
}
