/// What a history event is about: the unit whose changes coalesce into one event.
enum HistoryObject: Hashable, Sendable {
    case contact(String)
    case group(String)
    case member(contact: String, group: String)
    case subgroup(String, parent: String)

    var isContact: Bool {
        if case .contact = self { true } else { false }
    }
}

/// One object's net change over a stretch of history, before it is read from the store:
/// what it is now decides whether it was added, updated or deleted.
struct NetChange: Hashable, Sendable {
    let object: HistoryObject
    /// Whether the object existed (the membership or nesting held) at the token, which its
    /// first change tells: only an add starts from nothing.
    let existedBefore: Bool
}

extension ChangeEvent {
    /// The object this event changes, and whether it existed just before.
    var changedObject: (object: HistoryObject, existedBefore: Bool)? {
        switch self {
        case .addContact(let identifier): (.contact(identifier), false)
        case .updateContact(let identifier), .deleteContact(let identifier): (.contact(identifier), true)
        case .addGroup(let identifier): (.group(identifier), false)
        case .updateGroup(let identifier), .deleteGroup(let identifier): (.group(identifier), true)
        case .addMember(let contact, let group): (.member(contact: contact, group: group), false)
        case .removeMember(let contact, let group): (.member(contact: contact, group: group), true)
        case .addSubgroup(let child, let parent): (.subgroup(child, parent: parent), false)
        case .removeSubgroup(let child, let parent): (.subgroup(child, parent: parent), true)
        case .accessChanged: nil
        }
    }
}

extension ChangeLog {
    /// Every object that a commit after `sequence` changed, once, with whether it existed
    /// at `sequence`; ordered by the commit of its last change and, within that commit, by
    /// request order. One pass over those commits: O(events since the token).
    ///
    /// Commits by `excludedAuthors` still tell whether an object existed at the token, but
    /// they neither place an object in the order nor, alone, make it appear.
    func netChanges(
        after sequence: UInt64, excludingAuthors excludedAuthors: Set<String>, includeGroups: Bool
    ) -> [NetChange] {
        var existedBefore: [HistoryObject: Bool] = [:]
        var lastSlot: [HistoryObject: Int] = [:]
        var slots: [NetChange?] = []
        for record in records(after: sequence) {
            let included = record.transactionAuthor.map { !excludedAuthors.contains($0) } ?? true
            for event in record.events {
                guard let (object, existed) = event.changedObject, includeGroups || object.isContact else { continue }
                let before = existedBefore[object] ?? existed
                existedBefore[object] = before
                guard included else { continue }
                if let previous = lastSlot.updateValue(slots.count, forKey: object) { slots[previous] = nil }
                slots.append(NetChange(object: object, existedBefore: before))
            }
        }
        return slots.compactMap { $0 }
    }
}
