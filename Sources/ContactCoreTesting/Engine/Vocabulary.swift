import ContactCore

/// The values decoders pick from. Tables only ever grow at the end: an index of an old input
/// must keep naming the same value (see `Fuzz/FORMAT.md`).
public enum Vocabulary {
    /// Names, chosen to collide: case, composed and decomposed spellings, canonical twins
    /// ("Kim" with U+212A), scripts that sort and fold differently, empty and blank.
    public static let names: [String] = [
        "Anna", "anna", "Ann", "Anne-Marie", "Zoë", "Zoe\u{308}", "Kim", "\u{212A}im",
        "Łukasz", "Ørsted", "李小明", "やまだ", "김민수", "O'Brien", "Émile", "emile",
        "Smith", "Smyth", "ＡＢＣ", "Lee", "van der Berg", "Ma", "Müller", "", " ",
    ]

    public static let phoneNumbers: [String] = [
        "555-0100", "+1 (555) 010-0199", "5550100", "０９０１２３４", "12", "", "+44 20 7946 0958", "020 7946 0958",
    ]

    public static let emailAddresses: [String] = [
        "anna@example.com", "ANNA@example.com", "kim@example.org", "", "a@b", "zoë@example.com",
    ]

    /// What a person types before tapping the access button: prefixes of the people the
    /// device starts with (so lists of several matches come up), numbers, addresses, junk.
    public static let buttonQueries: [String] = [
        "Anna", "J", "Kate B", "Ha", "zoe", "D", "Hank Z", "555-01", "anna@", "Kim", "Smith", "", " ", "555-0110",
        "john@example.com", "Ørsted", "Da", "Bell", "李", "+1 555",
    ]

    /// Transaction authors; `nil` saves without one.
    public static let authors: [String?] = [nil, "com.example.sync", "import", nil]

    public static let notes: [String] = ["Met at WWDC", "", "Allergic to peanuts"]

    /// Identifiers that name no contact, whatever the store holds: empty, a canonical twin
    /// pair ("K" and U+212A), Å in its three canonically equivalent spellings, one past the
    /// length limit, the replacement character an invalid UTF-8 byte decodes to, and an
    /// identifier shaped like the store's that it never issues.
    public static let junkContactIdentifiers: [String] = [
        "", "K", "\u{212A}", "\u{C5}", "A\u{30A}", "\u{212B}",
        String(repeating: "A", count: ContactIdentifier.maximumLength + 1),
        "\u{FFFD}", "0000000000000000:ABPerson", " ",
    ]

    public static let junkGroupIdentifiers: [String] = ["", "0000000000000000:ABGroup", "\u{212A}"]

    public static let junkContainerIdentifiers: [String] = ["", "0000000000000000:ABAccount"]

    /// The identifier ``ContactRef/known(_:)`` means before the store has issued any.
    static let neverIssuedContact = "0000000000000000:ABPerson"
    static let neverIssuedGroup = "0000000000000000:ABGroup"

    /// Keys the reference model tracks values of, in ``ContactCore/ContactKey`` order.
    public static let trackedKeys: [ContactKey] = [
        .givenName, .familyName, .organizationName, .phoneNumbers, .emailAddresses, .birthday, .note,
    ]
}

extension ByteReader {
    /// Longest string decoded from raw bytes, in Unicode scalars.
    static let maximumStringScalars = 24

    /// A string: mostly from `table`, sometimes (first byte 0xF8 or more) raw bytes decoded as
    /// UTF-8 with repair, at most ``maximumStringScalars`` scalars.
    mutating func string(from table: [String]) -> String {
        let selector = byte()
        guard selector >= 0xF8 else { return table.isEmpty ? "" : table[Int(selector) % table.count] }
        let raw = bytes(upTo: Int(byte()) % (Self.maximumStringScalars + 1))
        let decoded = String(decoding: raw, as: UTF8.self)
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: decoded.unicodeScalars.prefix(Self.maximumStringScalars))
        return String(scalars)
    }

    /// Keys to fetch from one byte: bits 0–5 give name, family name, organization, phone
    /// numbers, email addresses, birthday; bits 6 and 7 both set add the note.
    mutating func keys() -> [ContactKey] {
        let bits = byte()
        var chosen: Set<ContactKey> = []
        let singles: [ContactKey] = [.givenName, .familyName, .organizationName, .phoneNumbers, .emailAddresses, .birthday]
        for (bit, key) in singles.enumerated() where bits & (1 << bit) != 0 { chosen.insert(key) }
        if bits & 0xC0 == 0xC0 { chosen.insert(.note) }
        return ContactKey.allCases.filter(chosen.contains)
    }
}
