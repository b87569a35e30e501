import Foundation

extension DeviceState {
    /// Where a contact is stored: what a read carries from selecting to building contacts, so
    /// each identifier is looked up once.
    typealias ContactPosition = StoredContacts.Position

    /// Sorts contact identifiers by `order`, then by identifier bytes.
    func sorted(_ identifiers: [String], by order: SortOrder) -> [String] {
        sorted(identifiers.compactMap(contacts.position(of:)), by: order).map(contacts.identifier(at:))
    }

    /// Sorts stored contacts by `order`, then by identifier bytes.
    func sorted(_ positions: [ContactPosition], by order: SortOrder) -> [ContactPosition] {
        guard positions.count > 1 else { return positions }
        let resolved = order == .userDefault ? defaultSortOrder : order
        switch resolved {
        case .none, .userDefault:
            // Each serial read once, not once per comparison.
            return zip(positions.map(contacts.serial(at:)), positions).sorted { $0.0 < $1.0 }.map(\.1)
        case .givenName, .familyName:
            let keyed = positions.map { ($0, sortKey(of: contacts[$0].fields, familyFirst: resolved == .familyName)) }
            return keyed.sorted { lhs, rhs in
                let order = SortKey.order(lhs.1, rhs.1)
                return order != 0 ? order < 0 : ContactIdentifier.precedes(contacts.identifier(at: lhs.0), contacts.identifier(at: rhs.0))
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
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return foldedByFoundation(text) }
        // ASCII folds to itself lowercased (a test pins this against Foundation): most names
        // sort without a Foundation call, and those of up to 15 bytes without an allocation.
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            for (index, byte) in text.utf8.enumerated() {
                buffer[index] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
            }
            return text.utf8.count
        }
    }

    /// Negative, zero or positive as `a` comes before, equals or follows `b` by Unicode scalar
    /// values, which is the order of their UTF-8 bytes: one `memcmp`.
    static func order(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.byteOrder(y) } }
    }

    static func foldedByFoundation(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
