import ContactCore
import Foundation

/// A contact someone looks for, and what they type to find it.
public struct SearchTarget: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case latin, chinese, pinyin, kana, kanji, romaji, hangul, hangulInitials, phone, email
    }

    /// The person's position in ``People/make(_:)``: the row of the contact to find.
    public let person: Int
    public let kind: Kind
    public let text: String
}

/// One query of a search field: what is typed after one more keystroke.
public struct Keystroke: Sendable {
    public let target: Int
    public let kind: SearchTarget.Kind
    public let text: String
    public let predicate: ContactPredicate
    /// Whether SPEC 7 requires the target among the results: every prefix of a name (each
    /// query token prefixes its own name token), but only the whole number or address.
    public let requiresTarget: Bool
}

/// The search benchmark's 200 targets, each typed one character at a time.
public enum Typing {
    /// How many targets of each kind (200 in all).
    public static let quotas: [(SearchTarget.Kind, Int)] = [
        (.latin, 60), (.chinese, 20), (.pinyin, 20), (.kana, 20), (.kanji, 10), (.romaji, 10),
        (.hangul, 15), (.hangulInitials, 10), (.phone, 20), (.email, 15),
    ]

    /// Targets among the first 10,000 people, so that every population size holds them all.
    public static func targets(in people: [Person]) -> [SearchTarget] {
        var targets: [SearchTarget] = []
        var taken = Set<Int>()
        let pool = min(people.count, 10_000)
        for (number, (kind, quota)) in quotas.enumerated() {
            var found = 0
            var index = number * 101 % pool
            var visited = 0
            while found < quota && visited < pool {
                if !taken.contains(index), let text = text(of: people[index], as: kind, variant: found) {
                    targets.append(SearchTarget(person: index, kind: kind, text: text))
                    taken.insert(index)
                    found += 1
                }
                index = (index + 37) % pool
                visited += 1
            }
        }
        return targets
    }

    /// Every keystroke of every target, in typing order.
    public static func keystrokes(of targets: [SearchTarget]) -> [Keystroke] {
        targets.enumerated().flatMap { number, target in
            let characters = Array(target.text)
            return (1...characters.count).compactMap { length -> Keystroke? in
                let text = String(characters[..<length])
                let last = characters[length - 1]
                let complete = length == characters.count
                switch target.kind {
                case .phone:
                    // A field asks nothing before three digits, and a separator changes no digit.
                    guard last.isNumber, text.filter(\.isNumber).count >= 3 else { return nil }
                    return Keystroke(target: number, kind: target.kind, text: text,
                                     predicate: .phoneNumber(PhoneNumber(text)), requiresTarget: complete)
                case .email:
                    return Keystroke(target: number, kind: target.kind, text: text, predicate: .emailAddress(text),
                                     requiresTarget: complete)
                default:
                    guard !last.isWhitespace else { return nil }
                    return Keystroke(target: number, kind: target.kind, text: text, predicate: .name(text),
                                     requiresTarget: true)
                }
            }
        }
    }

    /// What someone types to find the person as `kind`, or `nil` if the person has no such name.
    static func text(of person: Person, as kind: SearchTarget.Kind, variant: Int) -> String? {
        let script = Script(person)
        switch kind {
        case .latin:
            guard script == .latin else { return nil }
            let typed = "\(person.given) \(person.family)".lowercased()
            // Half typed as saved, half without accents, as people type on a plain keyboard.
            return variant % 2 == 0 ? typed : typed.folding(options: .diacriticInsensitive, locale: nil)
        case .chinese:
            return script == .han ? person.family + person.given : nil
        case .pinyin:
            guard script == .han, let family = pinyin(person.family), let given = pinyin(person.given) else { return nil }
            return family + " " + given
        case .kana:
            return script == .kana ? person.phoneticFamily + " " + person.phoneticGiven : nil
        case .kanji:
            return script == .kana ? person.family + person.given : nil
        case .romaji:
            guard script == .kana, let family = romaji(person.phoneticFamily), let given = romaji(person.phoneticGiven)
            else { return nil }
            return family + " " + given
        case .hangul:
            return script == .hangul ? person.family + person.given : nil
        case .hangulInitials:
            return script == .hangul ? initialConsonants(person.family + person.given) : nil
        case .phone:
            return person.phone.isEmpty ? nil : localForm(of: person.phone)
        case .email:
            return person.email.isEmpty ? nil : person.email
        }
    }

    enum Script { case latin, han, kana, hangul }
}

extension Typing.Script {
    init(_ person: Person) {
        if !person.phoneticFamily.isEmpty {
            self = .kana
        } else if let first = person.family.unicodeScalars.first, (0xAC00...0xD7A3).contains(first.value) {
            self = .hangul
        } else if let first = person.family.unicodeScalars.first, first.properties.isIdeographic {
            self = .han
        } else {
            self = .latin
        }
    }
}

extension Typing {
    /// Each Han character's toneless pinyin, run together, as a pinyin keyboard spells a name.
    static func pinyin(_ han: String) -> String? {
        var result = ""
        for character in han {
            guard let latin = String(character).applyingTransform(.mandarinToLatin, reverse: false)?
                .applyingTransform(.stripDiacritics, reverse: false)?.lowercased(),
                latin.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
            else { return nil }
            result += latin
        }
        return result
    }

    /// Kana spelled in Latin letters, marks and long vowel signs dropped.
    static func romaji(_ kana: String) -> String? {
        let latin = kana.applyingTransform(.latinToHiragana, reverse: true)?
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) ?? ""
        let letters = String(latin.unicodeScalars.filter { ("a"..."z").contains($0) })
        return letters.isEmpty ? nil : letters
    }

    /// The initial consonant of each Hangul syllable, as a Korean keyboard types it (ㄱ, not ᄀ).
    static func initialConsonants(_ hangul: String) -> String {
        let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
        return String(hangul.unicodeScalars.compactMap { scalar -> Character? in
            guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
            return initials[Int(scalar.value - 0xAC00) / 588]
        })
    }

    /// The number as dialled at home: France's and Korea's trunk 0 instead of the country code,
    /// a US number without parentheses.
    static func localForm(of phone: String) -> String {
        if phone.hasPrefix("+33 ") { return "0" + phone.dropFirst(4) }
        if phone.hasPrefix("+82 ") { return "0" + phone.dropFirst(4) }
        return phone.replacingOccurrences(of: "(", with: "").replacingOccurrences(of: ") ", with: "-")
    }
}
