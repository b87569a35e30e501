import Foundation

extension DeviceState {
    /// Sorts contact identifiers by `order`, then by identifier bytes.
    func sorted(_ identifiers: [String], by order: SortOrder) -> [String] {
        let resolved = order == .userDefault ? defaultSortOrder : order
        switch resolved {
        case .none, .userDefault:
            // Each serial looked up once, not once per comparison, and read in place.
            let serials = identifiers.map { contacts.index(forKey: $0).map { contacts.values[$0].serial } ?? 0 }
            return zip(serials, identifiers).sorted { $0.0 < $1.0 }.map(\.1)
        case .givenName, .familyName:
            let keyed = identifiers.map { ($0, sortKey(of: $0, familyFirst: resolved == .familyName)) }
            return keyed.sorted { lhs, rhs in
                if !lhs.1.unicodeScalars.elementsEqual(rhs.1.unicodeScalars) {
                    return lhs.1.unicodeScalars.lexicographicallyPrecedes(rhs.1.unicodeScalars)
                }
                return ContactIdentifier.precedes(lhs.0, rhs.0)
            }.map(\.0)
        }
    }

    /// Folded name parts to compare; an organization without a person's name sorts by its
    /// organization name, as Apple's lists do.
    private func sortKey(of identifier: String, familyFirst: Bool) -> String {
        guard let fields = contacts[identifier]?.fields else { return "" }
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
