import ContactCore

/// SPEC 11: what a history fetch returns, from the commits the model recorded.
extension Model {
    package enum Event: Hashable, Sendable, Comparable {
        case dropEverything
        case addContact(String), updateContact(String), deleteContact(String)
        case addGroup(String), updateGroup(String), deleteGroup(String)
        case addMember(contact: String, group: String), removeMember(contact: String, group: String)
        case addSubgroup(group: String, parent: String), removeSubgroup(group: String, parent: String)

        /// An order for comparing groups of events as multisets (no reflection: it runs per fetch).
        package static func < (a: Event, b: Event) -> Bool { a.key.lexicographicallyPrecedes(b.key) }

        private var key: [String] {
            switch self {
            case .dropEverything: ["0"]
            case .addContact(let id): ["1", id]
            case .updateContact(let id): ["2", id]
            case .deleteContact(let id): ["3", id]
            case .addGroup(let id): ["4", id]
            case .updateGroup(let id): ["5", id]
            case .deleteGroup(let id): ["6", id]
            case .addMember(let c, let g): ["7", c, g]
            case .removeMember(let c, let g): ["8", c, g]
            case .addSubgroup(let g, let p): ["9", g, p]
            case .removeSubgroup(let g, let p): [":", g, p]
            }
        }
    }

    /// A full sync: drop everything, then an add for each visible contact (and each group,
    /// nesting and visible membership, with group changes). The adds come in no order SPEC fixes.
    package func fullSync(app: Int, includeGroups: Bool) -> [[Event]] {
        var adds = visibleContacts(to: app).map { Event.addContact($0.id) }
        if includeGroups {
            adds += groups.map { .addGroup($0.id) }
            adds += subgroups.map { .addSubgroup(group: $0.group, parent: $0.parent) }
            adds += members.filter { isVisible($0.contact, to: app) }.map { .addMember(contact: $0.contact, group: $0.group) }
        }
        return [[.dropEverything], adds]
    }

    /// Each object's net change since the first `since` commits, at its last change by an
    /// author not excluded; events at the same position of one commit in no fixed order.
    package func delta(since: Int, excluding author: String?, includeGroups: Bool) -> [[Event]] {
        var first: [Object: Bool] = [:], place: [Object: (Int, Int)] = [:]
        for (index, commit) in commits.enumerated().dropFirst(since) {
            let included = author == nil || commit.author != author
            for change in commit.changes {
                if first[change.object] == nil { first[change.object] = change.before }
                if included { place[change.object] = (index, change.position) }
            }
        }
        var placed: [(key: (Int, Int), event: Event)] = []
        for (object, key) in place {
            // Decided (ChangeHistoryEvent): a deleted contact's or group's own delete ends its
            // memberships; a membership is reported only while both ends exist.
            if case .member(let contact, let group) = object, self.contact(contact) == nil || !hasGroup(group) { continue }
            if case .subgroup(let group, let parent) = object, !hasGroup(group) || !hasGroup(parent) { continue }
            let before = first[object] ?? false, after = exists(object)
            let event: Event? = switch (object, before, after) {
            case (.contact(let id), false, true): .addContact(id)
            case (.contact(let id), true, true): .updateContact(id)
            case (.contact(let id), true, false): .deleteContact(id)
            case (.group(let id), false, true): .addGroup(id)
            case (.group(let id), true, true): .updateGroup(id)
            case (.group(let id), true, false): .deleteGroup(id)
            case (.member(let c, let g), false, true): .addMember(contact: c, group: g)
            case (.member(let c, let g), true, false): .removeMember(contact: c, group: g)
            case (.subgroup(let g, let p), false, true): .addSubgroup(group: g, parent: p)
            case (.subgroup(let g, let p), true, false): .removeSubgroup(group: g, parent: p)
            default: nil
            }
            guard let event else { continue }
            if case .contact = object {} else if !includeGroups { continue }
            placed.append((key, event))
        }
        placed.sort { $0.key < $1.key }
        var grouped: [[Event]] = []
        var lastKey: (Int, Int)?
        for (key, event) in placed {
            if let lastKey, lastKey == key { grouped[grouped.count - 1].append(event) } else { grouped.append([event]) }
            lastKey = key
        }
        return grouped
    }
}
