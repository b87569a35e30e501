/// The seed corpus and dictionary of FuzzSearchMatching, and the text fragments the search
/// property tests build names and queries from.
///
/// `CONTACTCORE_WRITE_CORPUS=1 swift test --filter SearchMatchingCorpusTests` writes them to
/// `Corpus/FuzzSearchMatching/` and `Fuzz/Dictionaries/FuzzSearchMatching.dict`; without the
/// variable the test fails when the checked-in files differ from these.
public enum SearchMatchingCorpus {
    /// Pieces of names and queries: Latin with diacritics, combining marks, Han, kana in both
    /// widths, Hangul syllables and jamo, full-width forms, emoji, digits and separators.
    public static let fragments: [String] = [
        // Latin, with and without diacritics
        "John", "Jo", "jo", "Appleseed", "appl", "José", "Ñúñez", "nunez", "Zoë", "zoe", "Łukasz", "ø", "Straße", "ss",
        "O'Brien", "Anne-Marie", "İ", "ǅ", "ﬁ", "Ωμέγα", "Σ",
        // combining marks and joiners
        "e\u{301}", "\u{301}", "\u{308}", "\u{3099}", "\u{309A}", "\u{20DD}", "\u{FE0F}", "\u{200D}", "\u{94D}",
        // Han
        "山田", "太郎", "王", "小明", "王小明", "北京", "重", "〇", "々",
        // kana, full and half width
        "やまだ", "ヤマダ", "ﾔﾏﾀﾞ", "たろう", "がっこう", "か", "ｶﾞ", "ヴ", "ー", "ゟ", "ヿ", "ヶ", "゛",
        // Hangul: syllables, compatibility jamo, conjoining jamo
        "김", "민수", "김민수", "기", "ㄱ", "ㅁ", "ㅅ", "ㄱㅁㅅ", "ᄀ", "ᅵ", "ᆷ",
        // full width
        "ＪＯＨＮ", "５５５", "１２１２", "Ａ",
        // emoji
        "👍", "👍🏽", "👨‍👩‍👧", "🇺🇸", "❤️",
        // other scripts
        "हिन्दी", "مُحَمَّد", "שָׁלוֹם",
        // digits and separators
        "5", "555", "1212", "650", "0", " ", "-", "'", ".", ",", "・", "\u{3000}", "_", "@", "+", "(", ")", "/",
    ]

    /// Named seed inputs: each a ``SearchScenario`` as text.
    public static var seeds: [(name: String, bytes: [UInt8])] {
        typealias Fields = SearchScenario.Fields
        var nameless = Fields()
        nameless.organizationName = "Apple Inc."
        var middle = Fields(given: "Mary", family: "Smith")
        middle.middleName = "Anne"
        middle.nickname = "Molly"
        middle.previousFamilyName = "Jones"
        let seeds: [(String, SearchScenario)] = [
            ("latin", SearchScenario([
                .add(Fields(given: "John", family: "Appleseed", emails: ["john@example.com"]), permitted: false),
                .add(Fields(given: "José", family: "Ñúñez"), permitted: true),
                .add(Fields(given: "Johnny", family: "Jones"), permitted: false),
                .add(nameless, permitted: false),
                .add(middle, permitted: false),
                .query("Jo"), .query("appl jo"), .query("jo jo"), .query("Ñu"), .query("apple"), .query("molly jon"),
            ])),
            ("cjk", SearchScenario([
                .add(Fields(given: "太郎", family: "山田", phonetic: ("たろう", "やまだ")), permitted: false),
                .add(Fields(given: "小明", family: "王"), permitted: false),
                .add(Fields(organization: "北京大学"), permitted: true),
                .query("やまだ"), .query("ヤマダ"), .query("yamada"), .query("山田太郎"), .query("wxm"), .query("wang xiao"),
            ])),
            ("hangul", SearchScenario([
                .add(Fields(given: "민수", family: "김"), permitted: false),
                .add(Fields(given: "지민", family: "박"), permitted: false),
                .query("기"), .query("ㄱㅁㅅ"), .query("김민"), .query("ㅂ"),
            ])),
            ("kana", SearchScenario([
                .add(Fields(given: "さくら", family: "田中", phonetic: ("サクラ", "タナカ")), permitted: false),
                .add(Fields(given: "ラーメン", family: "ヴィクトル"), permitted: false),
                .query("ﾀﾅｶ"), .query("さくら"), .query("tanaka sakura"), .query("らーめん"), .query("ゔぃ"),
            ])),
            ("diacritics", SearchScenario([
                .add(Fields(given: "Zoë", family: "Łukasz"), permitted: false),
                .add(Fields(given: "Ze\u{301}lie", family: "Straße"), permitted: false),
                .add(Fields(given: "ǅemal", family: "İnan"), permitted: false),
                .query("zoe"), .query("lukasz"), .query("łu"), .query("zélie"), .query("strasse"), .query("dže"),
            ])),
            ("phone", SearchScenario([
                .add(Fields(given: "Ann", phones: ["+1 (650) 555-1212"]), permitted: false),
                .add(Fields(given: "Bob", phones: ["555-1212", "+44 20 7946 0958"]), permitted: false),
                .add(Fields(given: "Cy", phones: ["911"]), permitted: false),
                .query("５５５１２１２"), .query("650 555 1212"), .query("911"),
                .ignorePhone("(020) 7946 0958"), .query("5551212"),
            ])),
            ("email", SearchScenario([
                .add(Fields(given: "John", emails: ["John.Appleseed@Example.com"]), permitted: false),
                .add(Fields(given: "Kate", emails: ["kate@example.com", "k@work.example"]), permitted: false),
                .query("john.a"), .query("KATE@EXAMPLE.COM"), .ignoreEmail("K@WORK.example"), .query("kate"),
            ])),
            ("edits", SearchScenario([
                .add(Fields(given: "John", family: "Appleseed"), permitted: false),
                .add(Fields(given: "Kate", family: "Bell"), permitted: true),
                .query("jo"),
                .update(0, Fields(given: "Jonathan", family: "Appleby")),
                .query("jo"), .query("appleseed"),
                .failedUpdate(1, Fields(given: "Katherine")),
                .query("kath"),
                .delete(0),
                .query("app"),
            ])),
            ("emoji-mixed", SearchScenario([
                .add(Fields(given: "Ana👍🏽", family: "O'Brien-山田"), permitted: false),
                .add(Fields(given: "👨‍👩‍👧", family: "ＪＯＨＮ"), permitted: false),
                .add(Fields(given: "Ωμέγα", family: "हिन्दी"), permitted: false),
                .query("👍"), .query("brien 山"), .query("john"), .query("ωμ"), .query("...")
            ])),
        ]
        return seeds.map { ($0.0, $0.1.encoded) }
    }

    /// The libFuzzer dictionary: the line syntax of ``SearchScenario`` and every fragment.
    public static var dictionary: String {
        let syntax = ["\n", "\t", "\n?", "\n+", "\n-@", "\n-#", "\n!d0", "\n!u0\t", "\n!x1\t", ";", "@example.com"]
        var lines = ["# FuzzSearchMatching: made by SearchMatchingCorpus.dictionary; do not edit by hand."]
        for (index, entry) in (syntax + fragments).enumerated() {
            let escaped = entry.utf8.map { byte -> String in
                switch byte {
                case 0x20...0x7E where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\"):
                    String(UnicodeScalar(byte))
                default:
                    "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }.joined()
            lines.append("entry\(index)=\"\(escaped)\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
