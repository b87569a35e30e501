import Foundation

extension DeviceState {
    /// Where a contact is stored: what a read carries from selecting to building contacts, so
    /// each identifier is looked up once.
    typealias ContactPosition = [String: StoredContact].Index

    /// Sorts contact identifiers by `order`, then by identifier bytes.
    func sorted(_ identifiers: [String], by order: SortOrder) -> [String] {
        sorted(identifiers.compactMap { contacts.index(forKey: $0) }, by: order).map { contacts.keys[$0] }
    }

    /// Sorts stored contacts by `order`, then by identifier bytes.
    func sorted(_ positions: [ContactPosition], by order: SortOrder) -> [ContactPosition] {
        let resolved = order == .userDefault ? defaultSortOrder : order
        switch resolved {
        case .none, .userDefault:
            // Each serial read once, not once per comparison.
            return zip(positions.map { contacts.values[$0].serial }, positions).sorted { $0.0 < $1.0 }.map(\.1)
        case .givenName, .familyName:
            let keyed = positions.map { ($0, sortKey(of: contacts.values[$0].fields, familyFirst: resolved == .familyName)) }
            return keyed.sorted { lhs, rhs in
                if !lhs.1.unicodeScalars.elementsEqual(rhs.1.unicodeScalars) {
                    return lhs.1.unicodeScalars.lexicographicallyPrecedes(rhs.1.unicodeScalars)
                }
                return ContactIdentifier.precedes(contacts.keys[lhs.0], contacts.keys[rhs.0])
            }.map(\.0)
        }
    }

    /// Folded name parts to compare; an organization without a person's name sorts by its
    /// organization name, as Apple's lists do.
    private func sortKey(of fields: ContactFields, familyFirst: Bool) -> String {
        let given = SortKey.fold(fields.givenName)
        let family = SortKey.fold(fields.familyName)
        if given.isEmpty && family.isEmpty { return SortKey.fold(fields.organizationName) }
        // U+0001 sorts below every printable scalar, so "Ann|Lee" precedes "Anna|Abe".
        return familyFirst ? family + "\u{1}" + given : given + "\u{1}" + family
    }
}

enum SortKey {
    /// Case-, diacritic- and width-insensitive form, compared by Unicode scalar values,
    /// which is deterministic on every platform (unlike localized comparison).
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
