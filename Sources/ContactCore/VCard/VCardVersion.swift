/// A vCard format version. All three are read; 3.0 and 4.0 are written.
public enum VCardVersion: String, Hashable, Sendable, CaseIterable {
    /// vCard 2.1 (versit, 1996): quoted-printable and `CHARSET`, as Android exports. Read only:
    /// asking ``VCardSerialization`` to write it writes 3.0.
    case v2_1 = "2.1"
    /// vCard 3.0 (RFC 2426): what Apple's Contacts writes, and the default here.
    case v3_0 = "3.0"
    /// vCard 4.0 (RFC 6350): `KIND`, `RELATED`, `ANNIVERSARY`, `data:` URIs.
    case v4_0 = "4.0"
}

extension VCardVersion {
    /// The `VERSION` value, as bytes to compare a line's with.
    var bytes: StaticString {
        switch self {
        case .v2_1: "2.1"
        case .v3_0: "3.0"
        case .v4_0: "4.0"
        }
    }
}
