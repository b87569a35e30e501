/// Values on the edges of SPEC 12, shared by ``VCardText`` (FuzzVCard) and the vCard
/// property tests: every character vCard escapes or quotes, scripts that fold badly, the
/// property names, parameters and values real exporters write, and lines that do not read.
package enum VCardVocabulary {
    /// Pieces of text: CJK, Hangul, right-to-left, emoji sequences, combining marks, controls
    /// (all but NUL, which a vCard cannot hold and the writer drops), vCard's specials, every
    /// escape in both letter cases, RFC 6868's parameter escapes and quoted-printable pieces.
    /// A line break in a file ends the line: what follows is a line of its own.
    package static let fragments = [
        "", "a", "John", "王小明", "山田", "김민수", "ㄱ", "דוד", "محمد", "\u{200F}", "🎉", "👩‍👩‍👧‍👦", "🏳️‍🌈", "é", "e\u{301}", "\u{300}", "\u{1A17}",
        "\\", ",", ";", ":", "\n", "\r", "\r\n", "\t", " ", "  ", "^", "^n", "^N", "^'", "^^", "\"", "=", "=0D=0A", "=0d=0a", "=C3=A9", "=c3=a9",
        "=4", "=ZZ", "=00", "\\n", "\\N", "\\,", "\\;", "\\:", "\\\\", "\\t", "item1.", "TYPE=", ".",
        "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "tel:", "TEL:", "x-apple:", "data:", "END:VCARD", "BEGIN:VCARD",
    ]
    /// What an app may write that no read gives: a lone CR, CRs in a row, a NUL, beside the fragments.
    package static let appTextPieces = fragments + ["\r", "a\rb", "\r\r\n", "\u{0}", "x\u{0}\r"]
    /// Bytes that are not UTF-8 text: Latin-1 and code page 1252 letters, a cut sequence, a
    /// surrogate, an overlong form, past U+10FFFF, and NUL.
    package static let rawFragments: [[UInt8]] = [
        [0xE9], [0x80], [0x81], [0x9F], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x00], [0xE5, 0xB1],
    ]
    /// Repeated to any length, so a line crosses the 75-octet fold with a sequence of 1 to 4
    /// octets (or an escape) on the boundary.
    package static let runs = ["x", "長", "é", "🎉", ",", "\\", ";", "\\n", "=", "A"]

    package static let propertyNames = [
        "N", "FN", "NICKNAME", "ORG", "TITLE", "TEL", "EMAIL", "ADR", "URL", "IMPP", "X-SOCIALPROFILE", "RELATED",
        "X-ABRELATEDNAMES", "BDAY", "ANNIVERSARY", "X-ABDATE", "NOTE", "PHOTO", "KIND", "X-ABShowAs", "X-ABLabel",
        "X-ABADR", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME", "X-PHONETIC-ORG", "X-MAIDENNAME",
        "X-AIM", "X-ICQ", "X-JABBER", "X-MSN", "X-YAHOO", "X-SKYPE", "X-GTALK", "X-QQ", "X-MS-IMADDRESS", "X-ANNIVERSARY",
        "X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY", "X-MS-MANAGER", "X-EVOLUTION-ASSISTANT", "X-SPOUSE", "X-MS-SPOUSE",
        "VERSION", "CATEGORIES", "PRODID", "BEGIN", "END", "BAD NAME", "X_UNDER", "", "tel",
    ]
    /// Whole lines, each a way a line can fail or surprise.
    package static let junkLines: [[UInt8]] = [
        "no colon here", " leading space:x", "\t", "", ":value", "N;X=\"a:b", "N;TYPE=\"x;y\":z", "item1..TEL:1", ".TEL:1",
        "TEL;:1", "TEL;=x:1", "END:VCARD", "BEGIN:VCARD", "END:VCARDX", "VERSION:5.0",
        // And whole lines that count only beside another of their group: an address, and
        // country codes for it (two letters in either case, three, one).
        "item1.ADR:;;1 Main St;Springfield;;;Land", "item1.X-ABADR:usa", "item1.X-ABADR:US", "ITEM1.X-ABADR:u",
    ].map { Array($0.utf8) }
    package static let parameters: [[UInt8]] = [
        ";TYPE=HOME", ";type=work,voice", ";TYPE=a;TYPE=b", ";TYPE=\"cell,pref\"", ";type=\"HOME\"", ";CELL", ";WORK;FAX", ";home",
        ";TYPE=IPHONE", ";TYPE=MAIN", ";TYPE=PAGER", ";FAX", ";TYPE=OTHER", ";TYPE=mobile", ";TYPE= work ", ";PREF",
        ";TYPE=spouse", ";TYPE=sweetheart", ";TYPE=agent",
        ";ENCODING=QUOTED-PRINTABLE", ";QUOTED-PRINTABLE", ";CHARSET=UTF-8", ";CHARSET=ISO-8859-1", ";charset=windows-1252",
        ";CHARSET=\"utf-8\"", ";CHARSET=Shift_JIS", ";ENCODING=b", ";ENCODING=BASE64", ";BASE64", ";VALUE=uri", ";VALUE=text",
        ";VALUE=\"uri\"", ";X-SERVICE-TYPE=Skype", ";X-SERVICE-TYPE=", ";X-USER=\"a^'b\"", ";X-USERID=42", ";X-APPLE-OMIT-YEAR=1604",
        ";X-APPLE-SUBLOCALITY=\"x;y\"", ";X-APPLE-SUBADMINISTRATIVEAREA=^^z", ";TYPE=twitter", ";X=\"open", ";=x", ";X=a\"b\"c",
    ].map { Array($0.utf8) }
    package static let values = [
        "", "x", "a;b;c;d;e;f;g", "Doe;John;Richter,James;Mr.;Sr.", "a\\,b", "a,,b;;c", ",;,", "\\n", "1985-04-12", "--0412",
        "--04-12", "1604-02-29", "19991231", "1985", "--04", "---12", "1985-04", "2020-13-01", "1985-04-12T10:00:00Z", " 1985-04-12 ",
        "org", "COMPANY", "individual", "person", "tel:+1", "TEL:+1 555", "skype:me", "xmpp:a@b", "SKYPE:Me", "noscheme",
        "data:image/png;base64,iVBORw==", "data:text/plain,abc", "data:;base64", "iVBORw==", "iVBOR", "aGVsbG8=", "=E5=B1=B1",
        "_$!<Home>!$_", "Custom", "us", "US", "usa", "1 Main St", "VCARD", "4.0", "2.1", "3.0", "5.0", "Acme;Sales;West",
        // N without a family name (a given name, a middle name, a prefix only), beside any FN.
        ";John;;;", ";;Quincy;;", ";;;Dr.;",
    ]
    /// Property groups, as Apple's exporter writes them (`item1.`) and odd ones.
    package static let groups: [[UInt8]] = ["item1.", "item2.", "ITEM1.", "a.b.", "x-1.", "."].map { Array($0.utf8) }
    /// Line ends as files arrive with them (SPEC 12).
    package static let lineEnds: [[UInt8]] = [[13, 10], [10], [13], [13, 13, 10]]
}
