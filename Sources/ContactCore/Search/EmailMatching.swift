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

    /// The button's email query: the text without surrounding white space (Unicode's
    /// White_Space: spaces, tabs and line ends); `nil` if nothing is left.
    ///
    /// Not Foundation's trim: its character set differs between platforms (U+200B on Linux),
    /// and on Linux it bridged every query to `NSString`.
    static func prefixKey(of query: String) -> SearchText.Token? {
        let scalars = query.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return nil }
        return key(of: String(scalars[first...last]))
    }
}
