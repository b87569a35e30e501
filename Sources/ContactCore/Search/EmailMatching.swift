import Foundation

/// The email rule of search: case-insensitive, whole address for ``ContactPredicate/emailAddress(_:)``,
/// a prefix of the address for the access button (SPEC 7).
enum EmailMatching {
    /// An address as search compares it: lowercased and canonically composed, as UTF-8.
    static func key(of address: String) -> SearchText.Token {
        let lowered = address.lowercased()
        if lowered.utf8.allSatisfy({ $0 < 0x80 }) { return Array(lowered.utf8) }
        return Array(lowered.precomposedStringWithCanonicalMapping.utf8)
    }

    /// The store's email predicate: some address equals the query, without regard to case.
    static func matchesWhole(_ addresses: some Sequence<String>, query key: SearchText.Token) -> Bool {
        addresses.contains { Self.key(of: $0) == key }
    }

    /// The button's email query: the text without surrounding white space; `nil` if nothing is left.
    static func prefixKey(of query: String) -> SearchText.Token? {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : key(of: trimmed)
    }
}
