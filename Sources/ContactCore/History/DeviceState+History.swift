/// Where a history fetch starts.
enum HistoryStart: Hashable, Sendable {
    case after(sequence: UInt64)
    case fullSync(FullSyncReason)
}

extension DeviceState {
    /// The identity this device writes into its tokens.
    var historyStoreIdentity: UInt64 { HistoryToken.storeIdentity(historyIdentity) }

    func currentHistoryToken(for app: AppRecord) -> HistoryToken {
        app.status == .limited
            ? .limitedAccess
            : HistoryToken(.commit(store: historyStoreIdentity, sequence: history.lastSequence))
    }

    /// Checks a presented token against this device and the app's status. A `limited` app's
    /// token is never looked at, so the answer cannot tell it anything.
    func historyStart(for token: HistoryToken?, app: AppRecord) -> HistoryStart {
        guard app.status != .limited else { return .fullSync(.limitedAccess) }
        guard let token else { return .fullSync(.noToken) }
        switch token.position {
        case nil: return .fullSync(.malformedToken)
        case .limitedAccess: return .fullSync(.accessUpgraded)
        case .commit(let store, let sequence):
            if store != historyStoreIdentity { return .fullSync(.foreignToken) }
            if sequence > history.lastSequence { return .fullSync(.futureToken) }
            if sequence < history.horizon { return .fullSync(.expiredToken) }
            return .after(sequence: sequence)
        }
    }

    /// The event that reports `change` now, for an app that sees every contact; `nil` when
    /// the object ends as it began (added and deleted, a membership undone).
    func historyEvent(for change: NetChange, keys: ContactKeySet) -> ChangeHistoryEvent? {
        switch change.object {
        case .contact(let identifier):
            guard let stored = contacts[identifier] else {
                return change.existedBefore ? .deleteContact(identifier: identifier) : nil
            }
            let contact = Contact(identifier: identifier, contactType: stored.contactType, fields: stored.fields, keys: keys)
            return change.existedBefore
                ? .updateContact(contact)
                : .addContact(contact, containerIdentifier: stored.containerIdentifier)
        case .group(let identifier):
            guard let stored = groups[identifier] else {
                return change.existedBefore ? .deleteGroup(identifier: identifier) : nil
            }
            let group = ContactGroup(identifier: identifier, name: stored.name, containerIdentifier: stored.containerIdentifier)
            return change.existedBefore ? .updateGroup(group) : .addGroup(group)
        case .member(let contact, let group):
            // A deleted contact or group ends its memberships; its own delete says so.
            guard contacts[contact] != nil, groups[group] != nil else { return nil }
            let isMember = members[group]?.contains(contact) ?? false
            guard isMember != change.existedBefore else { return nil }
            return isMember
                ? .addMember(contactIdentifier: contact, groupIdentifier: group)
                : .removeMember(contactIdentifier: contact, groupIdentifier: group)
        case .subgroup(let child, let parent):
            guard groups[child] != nil, groups[parent] != nil else { return nil }
            let isNested = subgroups[parent]?.contains(child) ?? false
            guard isNested != change.existedBefore else { return nil }
            return isNested
                ? .addSubgroup(groupIdentifier: child, parentIdentifier: parent)
                : .removeSubgroup(groupIdentifier: child, parentIdentifier: parent)
        }
    }

    /// Drop everything, then the app's whole view: contacts and groups in insertion order,
    /// then nestings, then memberships of visible contacts, each by parent then child.
    func fullSync(for app: AppRecord, keys: ContactKeySet, includeGroups: Bool) -> [ChangeHistoryEvent] {
        let scope = AppScope(self, app)
        var events: [ChangeHistoryEvent] = [.dropEverything]
        for identifier in scope.sorted(scope.identifiers, by: .none) {
            guard let stored = scope.stored(identifier) else { continue }
            let contact = Contact(identifier: identifier, contactType: stored.contactType, fields: stored.fields, keys: keys)
            events.append(.addContact(contact, containerIdentifier: stored.containerIdentifier))
        }
        guard includeGroups else { return events }
        let orderedGroups = groups.sorted { $0.value.serial < $1.value.serial }
        let groupSerial = { (identifier: String) in self.groups[identifier]?.serial ?? 0 }
        for (identifier, group) in orderedGroups {
            events.append(.addGroup(ContactGroup(
                identifier: identifier, name: group.name, containerIdentifier: group.containerIdentifier)))
        }
        for (parent, _) in orderedGroups {
            for child in (subgroups[parent] ?? []).sorted(by: { groupSerial($0) < groupSerial($1) }) {
                events.append(.addSubgroup(groupIdentifier: child, parentIdentifier: parent))
            }
        }
        for (group, _) in orderedGroups {
            for contact in scope.sorted(scope.members(of: group), by: .none) {
                events.append(.addMember(contactIdentifier: contact, groupIdentifier: group))
            }
        }
        return events
    }
}
