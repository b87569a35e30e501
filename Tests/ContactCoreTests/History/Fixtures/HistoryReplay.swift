import ContactCore

/// An event that cannot apply to the view it is replayed onto: proof that history and the
/// view disagree.
struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    let event: ChangeHistoryEvent
    let reason: String
    var description: String { "cannot replay \(event): \(reason)" }
}

extension AppView {
    /// Applies one event as an app that mirrors the store would, strictly: an add needs
    /// the object absent, an update or delete needs it present, a membership or nesting
    /// is added only where absent and removed only where present. Memberships are pairs of
    /// identifiers, so one may arrive before its contact's add (events follow each object's
    /// last change). Deleting a contact or group also removes its links, as the store does.
    mutating func apply(_ event: ChangeHistoryEvent) throws(ReplayError) {
        func require(_ condition: Bool, _ reason: String) throws(ReplayError) {
            if !condition { throw ReplayError(event: event, reason: reason) }
        }
        switch event {
        case .dropEverything:
            self = AppView()
        case .addContact(let contact, _):
            try require(contacts[contact.identifier] == nil, "contact already present")
            contacts[contact.identifier] = contact
        case .updateContact(let contact):
            try require(contacts[contact.identifier] != nil, "contact not present")
            contacts[contact.identifier] = contact
        case .deleteContact(let identifier):
            try require(contacts.removeValue(forKey: identifier) != nil, "contact not present")
            members = members.filter { $0.child != identifier }
        case .addGroup(let group):
            try require(groups[group.identifier] == nil, "group already present")
            groups[group.identifier] = group
        case .updateGroup(let group):
            try require(groups[group.identifier] != nil, "group not present")
            groups[group.identifier] = group
        case .deleteGroup(let identifier):
            try require(groups.removeValue(forKey: identifier) != nil, "group not present")
            members = members.filter { $0.parent != identifier }
            subgroups = subgroups.filter { $0.parent != identifier && $0.child != identifier }
        case .addMember(let contact, let group):
            try require(members.insert(Link(child: contact, parent: group)).inserted, "already a member")
        case .removeMember(let contact, let group):
            try require(members.remove(Link(child: contact, parent: group)) != nil, "not a member")
        case .addSubgroup(let child, let parent):
            try require(subgroups.insert(Link(child: child, parent: parent)).inserted, "already nested")
        case .removeSubgroup(let child, let parent):
            try require(subgroups.remove(Link(child: child, parent: parent)) != nil, "not nested")
        }
    }

    /// This view with every event applied in order.
    func replaying(_ events: some Sequence<ChangeHistoryEvent>) throws(ReplayError) -> AppView {
        var view = self
        for event in events { try view.apply(event) }
        return view
    }
}

extension ChangeHistoryEvent {
    /// The view key the event changes; `nil` for ``dropEverything``.
    var viewKey: AppView.Key? {
        switch self {
        case .dropEverything: nil
        case .addContact(let contact, _), .updateContact(let contact): .contact(contact.identifier)
        case .deleteContact(let identifier): .contact(identifier)
        case .addGroup(let group), .updateGroup(let group): .group(group.identifier)
        case .deleteGroup(let identifier): .group(identifier)
        case .addMember(let contact, let group), .removeMember(let contact, let group):
            .member(AppView.Link(child: contact, parent: group))
        case .addSubgroup(let child, let parent), .removeSubgroup(let child, let parent):
            .subgroup(AppView.Link(child: child, parent: parent))
        }
    }

    /// Whether the event adds something (what a full sync holds after its drop).
    var isAdd: Bool {
        switch self {
        case .addContact, .addGroup, .addMember, .addSubgroup: true
        default: false
        }
    }
}
