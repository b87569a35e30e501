import ContactCore

/// What one app sees of a device, read through its public API: the reference a history
/// replay must reach. Two views are equal when the app could not tell them apart.
struct AppView: Hashable, Sendable {
    /// A membership (contact in group) or a nesting (group in group).
    struct Link: Hashable, Sendable {
        let child: String
        let parent: String

        init(child: String, parent: String) {
            self.child = child
            self.parent = parent
        }
    }

    /// One thing a view holds, as history events name it.
    enum Key: Hashable, Sendable {
        case contact(String)
        case group(String)
        case member(Link)
        case subgroup(Link)
    }

    var contacts: [String: Contact] = [:]
    var groups: [String: ContactGroup] = [:]
    var members: Set<Link> = []
    var subgroups: Set<Link> = []

    init() {}

    /// The app's view now: every visible contact carrying `keys` and, with `includeGroups`,
    /// every group, nesting and membership of a visible contact.
    init(of store: ContactStore, keys: [ContactKey], includeGroups: Bool) throws(ContactError) {
        for contact in try store.contacts(for: ContactFetchRequest(keysToFetch: keys)) {
            contacts[contact.identifier] = contact
        }
        guard includeGroups else { return }
        for group in try store.groups() {
            groups[group.identifier] = group
            for member in try store.unifiedContacts(matching: .inGroup(identifier: group.identifier), keysToFetch: []) {
                members.insert(Link(child: member.identifier, parent: group.identifier))
            }
            for child in try store.groups(matching: .subgroups(ofGroup: group.identifier)) {
                subgroups.insert(Link(child: child.identifier, parent: group.identifier))
            }
        }
    }

    /// The keys whose presence or value differs between the two views.
    func changedKeys(comparedWith other: AppView) -> Set<Key> {
        func differing<Value: Equatable>(_ mine: [String: Value], _ theirs: [String: Value]) -> [String] {
            mine.compactMap { theirs[$0.key] == $0.value ? nil : $0.key }
                + theirs.keys.filter { mine[$0] == nil }
        }
        var changed = Set(differing(contacts, other.contacts).map(Key.contact))
        changed.formUnion(differing(groups, other.groups).map(Key.group))
        changed.formUnion(members.symmetricDifference(other.members).map(Key.member))
        changed.formUnion(subgroups.symmetricDifference(other.subgroups).map(Key.subgroup))
        return changed
    }

    /// This view with `keys` taken as they are in `other`: what an app knows after making
    /// those changes itself. A contact or group that `other` lacks goes with its links,
    /// as a delete does.
    func overlaying(_ keys: some Sequence<Key>, from other: AppView) -> AppView {
        var result = self
        for key in keys {
            switch key {
            case .contact(let identifier):
                result.contacts[identifier] = other.contacts[identifier]
                if other.contacts[identifier] == nil { result.members = result.members.filter { $0.child != identifier } }
            case .group(let identifier):
                result.groups[identifier] = other.groups[identifier]
                if other.groups[identifier] == nil {
                    result.members = result.members.filter { $0.parent != identifier }
                    result.subgroups = result.subgroups.filter { $0.parent != identifier && $0.child != identifier }
                }
            case .member(let link):
                if other.members.contains(link) { result.members.insert(link) } else { result.members.remove(link) }
            case .subgroup(let link):
                if other.subgroups.contains(link) { result.subgroups.insert(link) } else { result.subgroups.remove(link) }
            }
        }
        return result
    }
}
