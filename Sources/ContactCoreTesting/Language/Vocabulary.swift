import ContactCore
import Foundation

/// The values programs are made of, chosen to sit on the edges of SPEC's rules, each with
/// what SPEC says of it written out by hand: the reference model reads these tables and
/// never normalizes, folds or matches text itself, so it shares no text code with the library.
package enum Vocabulary {
    /// A person's name and what SPEC 7 makes of it.
    package struct Person: Sendable {
        package var given: String
        package var family: String
        /// The normalized tokens of each name, then their further forms (pinyin syllables, the
        /// syllables run together, initials, romaji, Hangul initial consonants): a query token
        /// must prefix a different one of all these.
        package var givenForms: [String]
        package var familyForms: [String]
        /// The forms of a CJK family name and given name run together (王小明, やまだはなこ).
        package var joinedForms: [String] = []
        /// How many of the first forms are the name's own tokens (the rest are further forms):
        /// an exact full-name query is the given and family tokens in any order, or the joined one.
        package var givenTokens = 1
        package var familyTokens = 1
        /// Given and family name folded for sorting (case, diacritics, width).
        package var sortGiven: String
        package var sortFamily: String
        /// Where the person works as one of the person's own contacts (``organizations``).
        package var organization = 0
    }

    /// Hangul in canonical decomposition (SPEC 7: Hangul compares by jamo).
    private static let kim = "\u{1100}\u{1175}\u{11B7}", min = "\u{1106}\u{1175}\u{11AB}", su = "\u{1109}\u{116E}"

    private static func latin(_ given: String, _ family: String, _ g: String, _ f: String, organization: Int = 0) -> Person {
        Person(given: given, family: family, givenForms: g.isEmpty ? [] : [g], familyForms: f.isEmpty ? [] : [f],
               givenTokens: g.isEmpty ? 0 : 1, familyTokens: f.isEmpty ? 0 : 1, sortGiven: g, sortFamily: f,
               organization: organization)
    }

    package static let people: [Person] = [
        latin("", "", "", ""),
        latin("Anna", "Haro", "anna", "haro"),
        latin("Ann", "Harold", "ann", "harold"),
        // "a ab" needs "ab" for its second token: a first-fit assignment fails here.
        latin("Ab", "Ac", "ab", "ac"),
        latin("Zoë", "Ørsted", "zoe", "ørsted"),
        latin("ＡＮＮＡ", "Bell", "anna", "bell"),
        Person(given: "小明", family: "王", givenForms: ["小明", "xiao", "ming", "xiaoming", "xm"],
               familyForms: ["王", "wang", "w"], joinedForms: ["王小明", "wang", "xiao", "ming", "wangxiaoming", "wxm"],
               sortGiven: "小明", sortFamily: "王"),
        Person(given: "はなこ", family: "やまだ", givenForms: ["はなこ", "hanako"], familyForms: ["やまだ", "yamada"],
               joinedForms: ["やまだはなこ", "yamadahanako"], sortGiven: "はなこ", sortFamily: "やまだ"),
        Person(given: "ハナコ", family: "ヤマダ", givenForms: ["はなこ", "hanako"], familyForms: ["やまだ", "yamada"],
               joinedForms: ["やまだはなこ", "yamadahanako"], sortGiven: "ハナコ", sortFamily: "ヤマダ"),
        Person(given: "민수", family: "김", givenForms: [min + su, "\u{1106}\u{1109}"], familyForms: [kim, "\u{1100}"],
               joinedForms: [kim + min + su, "\u{1100}\u{1106}\u{1109}"], sortGiven: "민수", sortFamily: "김"),
        latin("José", "Núñez", "jose", "nunez"),
        latin("Łukasz", "", "łukasz", ""),
        // Apple Inc.: the button's default caption of a match by name is an organization
        // (SPEC 8), which no start would show otherwise.
        latin("Kate", "Bell", "kate", "bell", organization: 1),
    ]

    /// The people a device can start with (byte 1's cast): few, so that the runner builds each
    /// starting device once and copies it; each pairs names on a rule's edge.
    package static let casts: [[Int]] = [
        [], [1], [1, 2], [3], [4, 5], [6, 7, 8, 9], [1, 5, 10, 12], [2, 3, 4], [6], [7, 8], [9], [10, 11], [12, 5],
        [1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [0, 11, 12],
    ]

    /// People whose given name is Latin: what an edit may set as a given name.
    package static let latinGivenNames = [0, 1, 2, 3, 4, 5, 10, 11, 12]

    /// Organization names: the text, its tokens, and its sort form (used when a contact has no
    /// given or family name).
    package static let organizations: [(name: String, tokens: [String], sort: String)] = [
        ("", [], ""),
        ("Apple Inc.", ["apple", "inc"], "apple inc."),
        ("Ab-Ac", ["ab", "ac"], "ab-ac"),
        ("Ånna AB", ["anna", "ab"], "anna ab"),
    ]

    /// Phone numbers around SPEC 7's 7-digit rule, with their digits (formatting ignored,
    /// full-width digits folded). The first five share the run 612345678; 92345678 shares
    /// exactly 7 trailing digits with them, 99345678 only 6, 512345678 8.
    package static let phones: [(text: String, digits: String)] = [
        ("+33 6 12 34 56 78", "33612345678"),
        ("06 12 34 56 78", "0612345678"),
        ("+1 612 345 678", "1612345678"),
        ("612345678", "612345678"),
        ("０６１２３４５６７８", "0612345678"),
        ("9 234 5678", "92345678"),
        ("99 345 678", "99345678"),
        ("5 1234 5678", "512345678"),
        ("555-0110", "5550110"),
        ("+1 555 0110", "15550110"),
        ("555-0111", "5550111"),
        ("0110", "0110"),
        ("110", "110"),
        ("12", "12"),
        ("2345678", "2345678"),
        ("345678", "345678"),
        ("ext.", ""),
    ]

    /// Email addresses: case variants, a prefix, a near miss.
    package static let emails = [
        "anna@example.com", "ANNA@Example.com", "ann@example.com", "anna@example.co", "kate@bell.org", "kate@bell.org.uk",
        "a@b.c", "",
    ]

    /// The tokens of a phone or email text: runs of ASCII letters and digits, lowercased, with
    /// full-width digits as ASCII (the only characters those texts hold besides separators).
    package static func asciiTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39, 0x61...0x7A: current.unicodeScalars.append(scalar)
            case 0x41...0x5A: current.unicodeScalars.append(Unicode.Scalar(scalar.value + 0x20)!)
            case 0xFF10...0xFF19: current.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!)
            default:
                if !current.isEmpty { tokens.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Query texts that are not plain prefixes of a token, with SPEC 7's tokens for each.
    package static let spelledQueries: [QueryText] = [
        QueryText(text: "ＡＮＮ", tokens: ["ann"]),
        QueryText(text: "ZOË", tokens: ["zoe"]),
        QueryText(text: "ヤマ", tokens: ["やま"]),
        QueryText(text: "ㄱㅁ", tokens: ["\u{1100}\u{1106}"]),
        QueryText(text: "기", tokens: ["\u{1100}\u{1175}"]),
        QueryText(text: "a-b", tokens: ["a", "b"]),
        QueryText(text: "a ab", tokens: ["a", "ab"]),
        QueryText(text: "ab a", tokens: ["ab", "a"]),
        QueryText(text: "Anna  Haro", tokens: ["anna", "haro"]),
        QueryText(text: "Haro, Anna", tokens: ["haro", "anna"]),
        QueryText(text: "wang wang", tokens: ["wang", "wang"]),
        QueryText(text: "xiao ming", tokens: ["xiao", "ming"]),
        QueryText(text: "Ørs", tokens: ["ørs"]),
        QueryText(text: "  ", tokens: []),
        QueryText(text: "?!", tokens: []),
        QueryText(text: "zz", tokens: ["zz"]),
        // Combining marks are dropped, even those diacritic folding keeps (an enclosing circle,
        // a spacing visarga) and a kana voicing mark after a letter that is not kana.
        QueryText(text: "a\u{20DD}nn", tokens: ["ann"]),
        QueryText(text: "\u{0915}\u{0903}", tokens: ["\u{0915}"]),
        QueryText(text: "a\u{3099}nna", tokens: ["anna"]),
        // Nine tokens (the long-query path) that each prefix a form, but not nine different forms.
        QueryText(text: "a a a a a a a a a", tokens: Array(repeating: "a", count: 9)),
    ]

    /// Every token a name can have: queries are prefixes of these (and a few that match nothing,
    /// among them the tokens of a name prefix and suffix, which SPEC 7 does not search).
    package static let queryTokens: [String] = {
        var seen: [String] = []
        let names = people.flatMap { $0.givenForms + $0.familyForms + $0.joinedForms } + moreNames.flatMap { $0.forms + $0.organizationForms }
        for token in names + organizations.flatMap(\.tokens) + ["annas", "q", "dr", "jr", "sir", "iii"]
        where !seen.contains(token) {
            seen.append(token)
        }
        return seen
    }()

    /// The full name of `people[person]` with `moreNames[names]`, as the person wrote it: given
    /// (and middle) then family, or "family, given (middle)"; its tokens are the names' own, the
    /// ones an exact full-name match (SPEC 7) compares.
    package static func fullName(of person: Int, names: Int, withMiddle: Bool, familyFirst: Bool) -> QueryText {
        let who = people[person], more = moreNames[names]
        let middle = withMiddle ? more.middle : ""
        let given = [who.given, middle].filter { !$0.isEmpty }.joined(separator: " ")
        let text = familyFirst ? [who.family, given].filter { !$0.isEmpty }.joined(separator: ", ")
            : [given, who.family].filter { !$0.isEmpty }.joined(separator: " ")
        let givenTokens = Array(who.givenForms.prefix(who.givenTokens)) + (withMiddle ? more.middleTokens : [])
        let familyTokens = Array(who.familyForms.prefix(who.familyTokens))
        return QueryText(text: text, tokens: familyFirst ? familyTokens + givenTokens : givenTokens + familyTokens)
    }

    /// White space around a number or an address as typed: none, ASCII (a tab, a space, CR LF),
    /// then beyond it (an ideographic space, a line separator, the next-line control). The
    /// button's address rule reads the query without it (Decisions); its tokens are unchanged.
    package static let outerSpaces: [(before: String, after: String)] = [("", ""), ("\t", " \r\n"), ("\u{3000}", "\u{2028}\u{85}")]

    /// What separates the tokens of a query as typed: SPEC 7 splits at white space (full-width
    /// and tabs too) and punctuation.
    package static let separators = [" ", "  ", ", ", "-", "\u{3000}", "\t", " / ", "・"]

    /// A normalized token as a person might type it, for the spellings 0–7: as it is, upper
    /// case, an acute accent on each ASCII letter, full-width Latin and digits, katakana for
    /// hiragana and composed Hangul for jamo, upper-case full-width, as it is with a space
    /// before. Each one normalizes back to the token (SPEC 7: case, marks, width, kana).
    package static func spell(_ token: String, _ spelling: Int) -> String {
        var text = String.UnicodeScalarView()
        for scalar in token.unicodeScalars {
            let isASCIILetter = (0x61...0x7A).contains(scalar.value)
            let upper = isASCIILetter ? Unicode.Scalar(scalar.value - 0x20) : scalar
            switch spelling {
            case 1: text.append(upper ?? scalar)
            case 2:
                text.append(scalar)
                if isASCIILetter { text.append("\u{301}") }
            case 3, 5:
                let letter = spelling == 5 ? upper ?? scalar : scalar
                let wide = (0x21...0x7E).contains(letter.value) ? Unicode.Scalar(letter.value + 0xFEE0) : nil
                text.append(wide ?? letter)
            case 4:
                let katakana = (0x3041...0x3096).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x60) : nil
                text.append(katakana ?? scalar)
            default: text.append(scalar)
            }
        }
        let spelled = String(text)
        switch spelling {
        case 4: return spelled.precomposedStringWithCanonicalMapping
        case 6: return " " + spelled
        default: return spelled
        }
    }

    package static let groupNames = ["Family", "Work", " ", "家族"]
    package static let notes = ["", "Allergic to nuts", "\u{0}"]

    /// Identifiers no store issues: empty, over-long, canonically equal to "K", a lookalike.
    package static let junkIdentifiers = [
        "", "K", "\u{212A}", String(repeating: "A", count: 257), "\u{FFFD}", "0000000000000:P", " ",
    ]

    /// Respellings of a real identifier: each names a different identifier (SPEC 2: exact scalars).
    package static let respellings: [(name: String, apply: @Sendable (String) -> String)] = [
        ("lowercased()", { $0.lowercased() }),
        ("+ \"\\u{301}\"", { $0 + "\u{301}" }),
        ("+ \" \"", { $0 + " " }),
        ("dropLast()", { String($0.unicodeScalars.dropLast()) }),
        ("padded past 256 bytes", { $0 + String(repeating: "0", count: 257) }),
    ]

    /// Gray levels of the button's text on white, around the 4.5:1 contrast threshold
    /// (118/255 passes, 119/255 fails).
    package static let grays: [Double] = [0, 118.0 / 255, 119.0 / 255, 0.46, 0.47, 0.5, 1, 117.0 / 255]

    /// Birthdays: valid with and without a year, and invalid ones (SPEC 6 validation).
    package static let birthdays: [ContactDate] = [
        ContactDate(year: 1990, month: 2, day: 28), ContactDate(month: 12, day: 31), ContactDate(month: 1, day: 0),
        ContactDate(month: 13, day: 1),
    ]
}
