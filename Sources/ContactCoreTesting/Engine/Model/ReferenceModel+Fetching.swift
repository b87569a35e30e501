import ContactCore
import Foundation

/// SPEC 2 (keys), 4 (reads see exactly the visible contacts) and 5 (fetching).
///
/// Checks that need only the request (keys, then the predicate) come before the access gate,
/// so they reveal nothing about the store; then the gate; then the visible contacts.
extension ReferenceModel {
    /// `unifiedContact(withIdentifier:keysToFetch:)`: the visible contact, or
    /// `recordDoesNotExist` naming what was asked, alike for missing, malformed and hidden.
    mutating func fetchContact(_ app: Int, _ identifier: String, keys: [ContactKey]) -> Observation {
        if let error = unreadable(keys, by: app) { return .failed(error) }
        if let error = gate(app) { return .failed(error) }
        let contact = RecordID(identifier)
        guard sees(app, contact), let found = snapshot(of: contact, keys: keys) else {
            return .failed(ErrorSnapshot(.recordDoesNotExist, [contact]))
        }
        return .contact(found)
    }

    /// A batch fetch. `searchResult` is what an app with full access got for the same name or
    /// phone predicate: the model leaves the matching rules (SPEC 7) to the search tests and
    /// checks only that the app sees exactly the visible part of it, in the right order.
    mutating func fetchContacts(
        _ app: Int, predicate: ContactPredicate?, keys: [ContactKey], sortOrder: ContactCore.SortOrder, limit: Int? = nil,
        searchResult: Result<Set<RecordID>, ErrorSnapshot>? = nil
    ) -> Observation {
        if let error = unreadable(keys, by: app) { return .failed(error) }
        switch predicate {
        case .emailAddress(let address) where address.isEmpty: return .failed(ErrorSnapshot(.predicateInvalid))
        case .name, .phoneNumber:
            if case .failure(let error) = searchResult { return .failed(error) }
        default: break
        }
        if let error = gate(app) { return .failed(error) }
        let selected = contactOrder.filter { sees(app, $0) && selects(predicate, $0, searchResult: searchResult) }
        let ordered = self.ordered(selected, by: sortOrder)
        return .contacts(ordered.prefix(limit ?? Int.max).compactMap { snapshot(of: $0, keys: keys) })
    }

    /// Whether the predicate picks the contact (visibility aside). Each contact is looked at
    /// once, so an identifier asked for twice is returned once.
    private func selects(_ predicate: ContactPredicate?, _ contact: RecordID,
                         searchResult: Result<Set<RecordID>, ErrorSnapshot>?) -> Bool {
        guard let values = contacts[contact]?.values else { return false }
        switch predicate {
        case nil: return true
        case .identifiers(let identifiers): return identifiers.contains { RecordID($0) == contact }
        case .name, .phoneNumber: return (try? searchResult?.get())?.contains(contact) ?? false
        case .emailAddress(let address):
            return values.emailAddresses.contains { $0.value.lowercased() == address.lowercased() }
        case .inGroup(let group): return memberships.contains(Link(child: contact, parent: RecordID(group)))
        case .inContainer(let container): return contacts[contact]?.container == RecordID(container)
        }
    }

    /// SPEC 5's order: insertion for `none`; by folded given then family name (or the
    /// organization name when both are empty) for the name orders; ties by identifier bytes.
    func ordered(_ selected: [RecordID], by sortOrder: ContactCore.SortOrder) -> [RecordID] {
        let order = sortOrder == .userDefault ? defaultSortOrder : sortOrder
        guard order == .givenName || order == .familyName else {
            return contactOrder.filter(selected.contains)
        }
        let keyed = selected.map { ($0, sortKey(of: $0, familyFirst: order == .familyName)) }
        return keyed.sorted { lhs, rhs in
            lhs.1 != rhs.1 ? lhs.1.lexicographicallyPrecedes(rhs.1) : lhs.0 < rhs.0
        }.map(\.0)
    }

    /// Scalars of the folded name parts, separated by U+0001 so that "Ann" + "Lee" sorts
    /// before "Anna" + "Abe".
    private func sortKey(of contact: RecordID, familyFirst: Bool) -> [UInt32] {
        guard let values = contacts[contact]?.values else { return [] }
        func folded(_ text: String) -> [UInt32] {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .unicodeScalars.map(\.value)
        }
        let given = folded(values.givenName)
        let family = folded(values.familyName)
        if given.isEmpty && family.isEmpty { return folded(values.organizationName) }
        return familyFirst ? family + [1] + given : given + [1] + family
    }

    /// A contact as a fetch of `keys` returns it: only those keys carry values.
    func snapshot(of contact: RecordID, keys: [ContactKey]) -> ContactSnapshot? {
        guard let values = contacts[contact]?.values else { return nil }
        let carried = ContactKey.allCases.filter(keys.contains)
        func labeled(_ list: [DraftValue]) -> [LabeledText] { list.map { LabeledText(label: $0.label?.rawValue, value: $0.value) } }
        return ContactSnapshot(
            identifier: contact, contactType: values.contactType, keys: carried,
            givenName: carried.contains(.givenName) ? ExactString(values.givenName) : nil,
            familyName: carried.contains(.familyName) ? ExactString(values.familyName) : nil,
            organizationName: carried.contains(.organizationName) ? ExactString(values.organizationName) : nil,
            phoneNumbers: carried.contains(.phoneNumbers) ? labeled(values.phoneNumbers) : nil,
            emailAddresses: carried.contains(.emailAddresses) ? labeled(values.emailAddresses) : nil,
            note: carried.contains(.note) ? ExactString(values.note) : nil,
            birthday: carried.contains(.birthday) ? .some(values.birthday) : nil)
    }

    // MARK: Groups and containers

    /// Every app with access sees every group (decided in the store's docs: group names are
    /// the person's organization; membership is what is filtered). Insertion order.
    mutating func fetchGroups(_ app: Int, _ predicate: GroupPredicate?) -> Observation {
        if let error = gate(app) { return .failed(error) }
        let selected = groupOrder.filter { group in
            switch predicate {
            case nil: true
            case .identifiers(let identifiers): identifiers.contains { RecordID($0) == group }
            case .inContainer(let container): groups[group]?.container == RecordID(container)
            case .subgroups(let parent): nestings.contains(Link(child: group, parent: RecordID(parent)))
            }
        }
        return .groups(selected.compactMap { group in
            groups[group].map { GroupSnapshot(identifier: group, name: ExactString($0.name), containerIdentifier: $0.container) }
        })
    }

    /// Containers in the device's order; a contact's container only if the app sees it.
    mutating func fetchContainers(_ app: Int, _ predicate: ContainerPredicate?) -> Observation {
        if let error = gate(app) { return .failed(error) }
        return .containers(containers.filter { container in
            switch predicate {
            case nil: true
            case .identifiers(let identifiers): identifiers.contains { RecordID($0) == container }
            case .ofContact(let contact):
                sees(app, RecordID(contact)) && contacts[RecordID(contact)]?.container == container
            case .ofGroup(let group): groups[RecordID(group)]?.container == container
            }
        })
    }
}
