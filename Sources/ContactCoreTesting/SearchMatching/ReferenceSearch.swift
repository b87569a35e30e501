import ContactCore
import Foundation
import Synchronization

/// The fields search reads, as plain strings: what ``ReferenceSearch`` scans.
public struct SearchableContact: Hashable, Sendable {
    public var identifier: String
    public var givenName = ""
    public var middleName = ""
    public var familyName = ""
    public var previousFamilyName = ""
    public var nickname = ""
    public var phoneticGivenName = ""
    public var phoneticMiddleName = ""
    public var phoneticFamilyName = ""
    public var organizationName = ""
    public var phoneticOrganizationName = ""
    public var phoneNumbers: [String] = []
    public var emailAddresses: [String] = []

    public init(identifier: String) { self.identifier = identifier }

    /// The keys a fetch needs for ``init(_:)``.
    public static let keys: [ContactKey] = [
        .givenName, .middleName, .familyName, .previousFamilyName, .nickname, .phoneticGivenName,
        .phoneticMiddleName, .phoneticFamilyName, .organizationName, .phoneticOrganizationName,
        .phoneNumbers, .emailAddresses,
    ]

    /// A fetched contact's search fields; a field the fetch left out reads as empty.
    public init(_ contact: Contact) {
        identifier = contact.identifier
        givenName = (try? contact.givenName) ?? ""
        middleName = (try? contact.middleName) ?? ""
        familyName = (try? contact.familyName) ?? ""
        previousFamilyName = (try? contact.previousFamilyName) ?? ""
        nickname = (try? contact.nickname) ?? ""
        phoneticGivenName = (try? contact.phoneticGivenName) ?? ""
        phoneticMiddleName = (try? contact.phoneticMiddleName) ?? ""
        phoneticFamilyName = (try? contact.phoneticFamilyName) ?? ""
        organizationName = (try? contact.organizationName) ?? ""
        phoneticOrganizationName = (try? contact.phoneticOrganizationName) ?? ""
        phoneNumbers = ((try? contact.phoneNumbers) ?? []).map(\.value.stringValue)
        emailAddresses = ((try? contact.emailAddresses) ?? []).map(\.value)
    }
}

/// SPEC 7 written as plainly as possible, to check the engine against: no index, no caches,
/// no shortcuts, and none of the engine's code. It scans every contact, rebuilds every token
/// for every query and tries every assignment of query tokens to name forms. Scripts are
/// told apart by Unicode character names, katakana turned into hiragana by ICU's transform,
/// one character at a time.
///
/// Exponential in the number of query tokens: keep queries short (``maximumQueryTokens``).
public enum ReferenceSearch {
    /// Queries with more tokens are too slow for the brute-force assignment.
    public static let maximumQueryTokens = 6

    // MARK: Normalization

    public static func tokens(_ text: String) -> [String] {
        let folded = text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        // One character at a time: on a whole string ICU also spells ー out as a vowel (ラー: らあ).
        var hiragana = ""
        for scalar in folded.unicodeScalars {
            hiragana += transform(String(scalar), .hiraganaToKatakana, reverse: true) ?? String(scalar)
        }
        var tokens: [String] = []
        var current = ""
        for scalar in hiragana.decomposedStringWithCanonicalMapping.unicodeScalars {
            let category = "\(scalar.properties.generalCategory)"
            if category.hasSuffix("Mark") {
                // A voicing mark counts only after kana (Foundation's folding drops it elsewhere, sometimes).
                let afterKana = current.unicodeScalars.last.map { script($0) == "kana" } ?? false
                if (scalar == "\u{3099}" || scalar == "\u{309A}") && afterKana { current.unicodeScalars.append(scalar) }
            } else if category.hasSuffix("Letter") || category.hasSuffix("Number") || category == "otherSymbol" {
                current.unicodeScalars.append(scalar)
            } else {
                if current != "" { tokens.append(current) }
                current = ""
            }
        }
        if current != "" { tokens.append(current) }
        return tokens
    }

    // MARK: Name tokens

    static func script(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.isIdeographic { return "han" }
        let name = scalar.properties.name ?? ""
        if name.contains("HIRAGANA") || name.contains("KATAKANA") || name.contains("HENTAIGANA") { return "kana" }
        if name.hasPrefix("HANGUL") { return "hangul" }
        return "other"
    }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        for scalar in scalars { text.unicodeScalars.append(scalar) }
        return text
    }

    static func asciiLetters(_ text: String) -> String {
        string(text.unicodeScalars.filter { $0.value >= 0x61 && $0.value <= 0x7A })
    }

    /// ICU transforms are slow and pure, so their answers are remembered (a while).
    static let transformed = Mutex<[String: String?]>([:])

    static func transform(_ text: String, _ transform: StringTransform, reverse: Bool) -> String? {
        let key = transform.rawValue + (reverse ? "<" : ">") + text
        if let known = transformed.withLock({ $0[key] }) { return known }
        let result = text.applyingTransform(transform, reverse: reverse)
        transformed.withLock { memo in
            if memo.count > 50_000 { memo.removeAll() }
            memo[key] = result
        }
        return result
    }

    static func pinyin(_ scalar: Unicode.Scalar) -> String {
        let latin = transform(String(scalar), .mandarinToLatin, reverse: false) ?? ""
        let plain = (transform(latin, .stripDiacritics, reverse: false) ?? "").lowercased()
        return plain != "" && asciiLetters(plain) == plain ? plain : ""
    }

    static func romaji(_ kana: String) -> String {
        let latin = transform(kana, .latinToHiragana, reverse: true) ?? ""
        return asciiLetters(latin.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }

    /// A token and every further form of it (SPEC 7), each once.
    static func forms(_ token: String) -> Set<String> {
        var forms: Set<String> = [token]
        let scalars = Array(token.unicodeScalars)
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count && script(scalars[end]) == script(scalars[start]) { end += 1 }
            let run = Array(scalars[start..<end])
            switch script(scalars[start]) {
            case "han":
                let syllables = run.map(pinyin).filter { $0 != "" }
                forms.formUnion(syllables)
                forms.insert(syllables.joined())
                forms.insert(string(syllables.compactMap(\.unicodeScalars.first)))
            case "kana":
                forms.insert(romaji(string(run)))
            case "hangul":
                forms.insert(string(run.filter { ($0.properties.name ?? "").contains("CHOSEONG") }))
            default:
                break
            }
            if start > 0 && script(scalars[start]) != "other" { forms.insert(string(scalars[start...])) }
            start = end
        }
        forms.remove("")
        return forms
    }

    /// Family's last token + given's first, when they meet in Han, kana or Hangul.
    static func runTogether(_ family: String, _ given: String) -> String? {
        guard let last = tokens(family).last, let first = tokens(given).first,
              let end = last.unicodeScalars.last, let start = first.unicodeScalars.first,
              script(end) != "other", script(start) != "other"
        else { return nil }
        return last + first
    }

    /// Every name form of the contact, each form of each token counted once; with
    /// `organization` false, the organization's tokens are left out.
    static func nameForms(_ contact: SearchableContact, organization: Bool = true) -> [String] {
        var fields = [contact.givenName, contact.middleName, contact.familyName, contact.previousFamilyName,
                      contact.nickname, contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName]
        if organization { fields += [contact.organizationName, contact.phoneticOrganizationName] }
        var baseTokens = fields.flatMap(tokens)
        if let joined = runTogether(contact.familyName, contact.givenName) { baseTokens.append(joined) }
        if let joined = runTogether(contact.phoneticFamilyName, contact.phoneticGivenName) { baseTokens.append(joined) }
        return baseTokens.flatMap { forms($0) }
    }

    // MARK: Matching

    static func starts(_ form: String, with token: String) -> Bool {
        form.unicodeScalars.starts(with: token.unicodeScalars)
    }

    /// Tries every way to give each query token its own form that it prefixes.
    static func assign(_ query: [String], to forms: [String]) -> Bool {
        var used = [Bool](repeating: false, count: forms.count)
        func place(_ index: Int) -> Bool {
            if index == query.count { return true }
            for slot in forms.indices where !used[slot] && starts(forms[slot], with: query[index]) {
                used[slot] = true
                if place(index + 1) { return true }
                used[slot] = false
            }
            return false
        }
        return place(0)
    }

    /// Whether the contact matches the name query; a query with no token matches nothing.
    public static func nameMatches(_ query: String, _ contact: SearchableContact) -> Bool {
        let queryTokens = tokens(query)
        return queryTokens.count > 0 && assign(queryTokens, to: nameForms(contact))
    }

    static func digits(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x30 && scalar.value <= 0x39 { result.unicodeScalars.append(scalar) }
            if scalar.value >= 0xFF10 && scalar.value <= 0xFF19, let ascii = Unicode.Scalar(scalar.value - 0xFF10 + 0x30) {
                result.unicodeScalars.append(ascii)
            }
        }
        return result
    }

    static func samePhone(_ query: String, _ number: String) -> Bool {
        let a = digits(query)
        let b = digits(number)
        if a.count < 3 { return false }
        return a == b || (min(a.count, b.count) >= 7 && (a.hasSuffix(b) || b.hasSuffix(a)))
    }

    static func emailKey(_ address: String) -> String {
        address.lowercased().precomposedStringWithCanonicalMapping
    }

    /// 0 exact full name, 1 name, 2 organization, 3 phone or email; `nil` for no match.
    public static func buttonRank(_ query: String, _ contact: SearchableContact) -> Int? {
        let queryTokens = tokens(query)
        if queryTokens.count > 0 && assign(queryTokens, to: nameForms(contact)) {
            let full = ([contact.givenName, contact.middleName, contact.familyName].flatMap(tokens))
                .map { $0.unicodeScalars.map(\.value) }
            let asked = queryTokens.map { $0.unicodeScalars.map(\.value) }
            let exact = full.sorted { $0.lexicographicallyPrecedes($1) } == asked.sorted { $0.lexicographicallyPrecedes($1) }
                || (asked.count == 1 && runTogether(contact.familyName, contact.givenName) == queryTokens[0])
            if exact { return 0 }
            return assign(queryTokens, to: nameForms(contact, organization: false)) ? 1 : 2
        }
        let hasLetters = query.unicodeScalars.contains { $0.properties.isAlphabetic }
        if !hasLetters && contact.phoneNumbers.contains(where: { samePhone(query, $0) }) { return 3 }
        let typed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if typed != "" && contact.emailAddresses.contains(where: { emailKey($0).utf8.starts(with: emailKey(typed).utf8) }) {
            return 3
        }
        return nil
    }

    /// What the access button lists: matching contacts outside `permitted` with no ignored
    /// address or number, by rank, then in the order given (the device's sort order).
    public static func buttonResults(
        _ query: String, contactsInSortOrder contacts: [SearchableContact], permitted: Set<String>,
        ignoredEmails: Set<String>, ignoredPhoneNumbers: Set<String>
    ) -> [String] {
        var ranked: [(rank: Int, position: Int, identifier: String)] = []
        for (position, contact) in contacts.enumerated() {
            if permitted.contains(contact.identifier) { continue }
            if contact.emailAddresses.contains(where: { address in ignoredEmails.contains { emailKey($0) == emailKey(address) } }) {
                continue
            }
            if contact.phoneNumbers.contains(where: { number in ignoredPhoneNumbers.contains { samePhone($0, number) } }) {
                continue
            }
            if let rank = buttonRank(query, contact) { ranked.append((rank, position, contact.identifier)) }
        }
        return ranked.sorted { ($0.rank, $0.position) < ($1.rank, $1.position) }.map(\.identifier)
    }
}
