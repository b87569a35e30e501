/// The properties ContactCore maps, recognised by name without regard to case.
enum VCardPropertyKind {
    case begin, end, version
    case name, formattedName, nickname, organization, title, maidenName
    case phoneticGivenName, phoneticMiddleName, phoneticFamilyName, phoneticOrganizationName
    case phone, email, address, url, instantMessage, socialProfile
    case related, relatedNames
    case birthday, anniversary, labeledDate
    case note, photo, kind, showAs
    /// Apple's `itemN.X-ABLabel`: the label of the other properties of its group.
    case groupLabel
    /// Apple's `itemN.X-ABADR`: the ISO country code of the address in its group.
    case groupAddressCountry
    /// `X-AIM`, `X-JABBER` and the like, from exporters older than `IMPP`.
    case legacyInstantMessage(service: String)
    /// Outlook's and Evolution's manager, assistant and spouse: a relation with Apple's label.
    case labeledRelation(ContactLabel)
    case unknown

    private static let table: [(StaticString, VCardPropertyKind)] = [
        ("BEGIN", .begin), ("END", .end), ("VERSION", .version),
        ("N", .name), ("FN", .formattedName), ("NICKNAME", .nickname), ("ORG", .organization), ("TITLE", .title),
        ("X-MAIDENNAME", .maidenName),
        ("X-PHONETIC-FIRST-NAME", .phoneticGivenName), ("X-PHONETIC-MIDDLE-NAME", .phoneticMiddleName),
        ("X-PHONETIC-LAST-NAME", .phoneticFamilyName), ("X-PHONETIC-ORG", .phoneticOrganizationName),
        ("TEL", .phone), ("EMAIL", .email), ("ADR", .address), ("URL", .url), ("IMPP", .instantMessage),
        ("X-SOCIALPROFILE", .socialProfile), ("RELATED", .related), ("X-ABRELATEDNAMES", .relatedNames),
        ("BDAY", .birthday), ("ANNIVERSARY", .anniversary), ("X-ABDATE", .labeledDate),
        ("NOTE", .note), ("PHOTO", .photo), ("KIND", .kind), ("X-ABSHOWAS", .showAs),
        ("X-ABLABEL", .groupLabel), ("X-ABADR", .groupAddressCountry),
        ("X-AIM", .legacyInstantMessage(service: "AIM")), ("X-JABBER", .legacyInstantMessage(service: "Jabber")),
        ("X-ICQ", .legacyInstantMessage(service: "ICQ")), ("X-MSN", .legacyInstantMessage(service: "MSN")),
        ("X-YAHOO", .legacyInstantMessage(service: "Yahoo")), ("X-SKYPE", .legacyInstantMessage(service: "Skype")),
        ("X-SKYPE-USERNAME", .legacyInstantMessage(service: "Skype")),
        ("X-GOOGLE-TALK", .legacyInstantMessage(service: "GoogleTalk")),
        ("X-GTALK", .legacyInstantMessage(service: "GoogleTalk")), ("X-QQ", .legacyInstantMessage(service: "QQ")),
        // What exporters write beside the RFCs (SPEC 12).
        ("X-MS-IMADDRESS", .instantMessage),
        ("X-ANNIVERSARY", .anniversary), ("X-MS-ANNIVERSARY", .anniversary), ("X-EVOLUTION-ANNIVERSARY", .anniversary),
        ("X-MS-MANAGER", .labeledRelation(VCardLabels.manager)), ("X-EVOLUTION-MANAGER", .labeledRelation(VCardLabels.manager)),
        ("X-MS-ASSISTANT", .labeledRelation(VCardLabels.assistant)),
        ("X-EVOLUTION-ASSISTANT", .labeledRelation(VCardLabels.assistant)),
        ("X-SPOUSE", .labeledRelation(VCardLabels.spouse)), ("X-MS-SPOUSE", .labeledRelation(VCardLabels.spouse)),
        ("X-EVOLUTION-SPOUSE", .labeledRelation(VCardLabels.spouse)),
    ]

    /// The kind of the property named `buffer[range]`.
    ///
    /// Narrowed by the name's first letter (or the one after `X-`) before comparing, so a line
    /// costs a handful of comparisons, not one per known name.
    static func of(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> VCardPropertyKind {
        guard !range.isEmpty else { return .unknown }
        let first = VCardBytes.upper(buffer[range.lowerBound])
        let key = first == 88 && range.count > 2 ? VCardBytes.upper(buffer[range.lowerBound + 2]) | 0x80 : first
        for entry in index[Int(key)] {
            let (literal, kind) = table[entry]
            if VCardBytes.equalsIgnoringCase(buffer, range, literal) { return kind }
        }
        return .unknown
    }

    /// Table positions by first letter; `X-` names by their third letter, with the high bit set.
    private static let index: [[Int]] = {
        var result = [[Int]](repeating: [], count: 256)
        for (position, entry) in table.enumerated() {
            let name = entry.0.utf8Start
            let count = entry.0.utf8CodeUnitCount
            let key = name[0] == 88 && count > 2 ? name[2] | 0x80 : name[0]
            result[Int(key)].append(position)
        }
        return result
    }()
}
