/// Values on the edges of SPEC 12, shared by ``VCardText`` (FuzzVCard) and the vCard
/// property tests: every character vCard escapes or quotes, scripts that fold badly, and the
/// property names, parameters and values real exporters write.
package enum VCardVocabulary {
    /// Pieces of text: CJK, Hangul, right-to-left, emoji sequences, combining marks, controls
    /// (all but NUL, which a vCard cannot hold and the writer drops) and vCard's specials.
    package static let fragments = [
        "", "a", "John", "王小明", "山田", "김민수", "ㄱ", "דוד", "محمد", "\u{200F}", "🎉", "👩‍👩‍👧‍👦", "🏳️‍🌈", "é", "e\u{301}", "\u{300}", "\u{1A17}",
        "\\", ",", ";", ":", "\n", "\r", "\r\n", "\t", " ", "  ", "^", "^n", "\"", "=", "=0D", "\\n", "item1.", "TYPE=",
        "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "tel:", "x-apple:", "data:", "END:VCARD",
    ]
    /// Repeated to any length, so a line crosses the 75-octet fold with a sequence of 1 to 4
    /// octets (or an escape) on the boundary.
    package static let runs = ["x", "長", "é", "🎉", ",", "\\", ";", "\n"]

    package static let propertyNames = [
        "N", "FN", "NICKNAME", "ORG", "TITLE", "TEL", "EMAIL", "ADR", "URL", "IMPP", "X-SOCIALPROFILE", "RELATED",
        "X-ABRELATEDNAMES", "BDAY", "ANNIVERSARY", "X-ABDATE", "NOTE", "PHOTO", "KIND", "X-ABShowAs", "X-ABLabel",
        "X-ABADR", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-ORG", "X-MAIDENNAME", "X-AIM", "VERSION", "CATEGORIES", "tel",
    ]
    package static let parameters = [
        "", ";TYPE=HOME", ";TYPE=work,voice", ";TYPE=\"cell,pref\"", ";CELL", ";WORK;FAX", ";TYPE=IPHONE", ";TYPE=spouse",
        ";ENCODING=QUOTED-PRINTABLE", ";CHARSET=UTF-8", ";ENCODING=b", ";VALUE=uri", ";VALUE=text", ";X-SERVICE-TYPE=Skype",
        ";X-USER=\"a^'b\"", ";X-APPLE-OMIT-YEAR=1604", ";X-APPLE-SUBLOCALITY=\"x;y\"", ";TYPE=twitter",
    ]
    package static let values = [
        "", "x", "a;b;c;d;e;f;g", "a\\,b", "\\n", "1985-04-12", "--0412", "1604-02-29", "19991231", "org", "COMPANY",
        "tel:+1", "skype:me", "data:image/png;base64,iVBORw==", "iVBORw==", "=E5=B1=B1", "_$!<Home>!$_", "VCARD", "4.0", "2.1",
    ]
    /// Property groups, as Apple's exporter writes them (`item1.`) and odd ones.
    package static let groups = ["", "item1.", "item2.", "ITEM1.", "a.b."]
}
