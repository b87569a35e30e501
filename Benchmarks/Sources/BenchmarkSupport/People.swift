import ContactCore
import Foundation

/// One generated person: names in one of four scripts, maybe a phone number, an email
/// address and an organization. The same seed and index always give the same person.
public struct Person: Sendable {
    public var given = ""
    public var middle = ""
    public var family = ""
    public var phoneticGiven = ""
    public var phoneticFamily = ""
    public var organization = ""
    /// As the person saved it, formatted (`+33 6 12 34 56 78`, `(415) 555-0132`).
    public var phone = ""
    public var email = ""

    /// A person with no names and no values.
    public init() {}

    /// The contact the benchmarks save for this person.
    public var contact: MutableContact {
        var contact = MutableContact()
        contact.givenName = given
        contact.middleName = middle
        contact.familyName = family
        contact.phoneticGivenName = phoneticGiven
        contact.phoneticFamilyName = phoneticFamily
        contact.organizationName = organization
        if !phone.isEmpty { contact.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber(phone))] }
        if !email.isEmpty { contact.emailAddresses = [LabeledValue(label: .home, value: email)] }
        return contact
    }
}

/// The benchmarks' population: Latin (55%), Chinese (15%), Japanese (15%) and Korean (15%)
/// names, 70% with a phone number and 50% with an email address.
public enum People {
    /// `count` people from one fixed seed: the first n of a larger population are the same.
    public static func make(_ count: Int) -> [Person] {
        var random = SplitMix(state: 2024)
        return (0..<count).map { person(&random, index: $0) }
    }

    static let latinGiven = [
        "John", "José", "Zoë", "Renée", "Björn", "Łukasz", "Søren", "François", "Anna", "Anne", "Ana", "Maria", "María",
        "Mary", "Michael", "Miguel", "David", "Daniel", "Sarah", "Sara", "Kate", "Katherine", "Chloé", "Noah", "Liam",
        "Emma", "Olivia", "Ava", "Sophia", "Mia", "Lucas", "Lukas", "Léa", "Jürgen", "Ingrid", "Ines", "Iñaki", "Oscar",
        "Peter", "Paul", "Pablo", "Jo", "Joe", "Johan", "Johanna", "Jonas", "Jordan", "Julia", "Julien", "Karim",
        "Fatima", "Omar", "Yusuf", "Ahmet", "Elif", "Emre", "Zeynep", "Nikolai", "Olga", "Ivan", "Tomás", "Tomasz",
    ]
    static let latinFamilyStart = [
        "Ap", "Bel", "Car", "Dan", "El", "Fer", "Gar", "Hol", "Ing", "Jen", "Kol", "Lar", "Mor", "Nor", "Ol", "Pet",
        "Quin", "Ros", "Sten", "Tor", "Ul", "Van", "Wil", "Yor", "Zel", "Ñú", "Mül", "Ås", "Ló", "Đor",
    ]
    static let latinFamilyMiddle = ["a", "e", "i", "o", "ber", "der", "ling", "man", "ste", "ro", "ven", "ca"]
    static let latinFamilyEnd = [
        "ple", "son", "man", "berg", "ley", "ton", "ez", "ini", "ova", "sen", "ski", "well", "wood", "ard", "ing", "ston",
        "pleseed", "ñez", "ler", "ström", "pez", "đević",
    ]
    static let latinGivenStart = [
        "Al", "Be", "Ca", "Da", "El", "Fa", "Ga", "Ha", "Il", "Ja", "Ka", "La", "Ma", "Na", "Ol", "Pa", "Ra", "Sa", "Ta",
        "Va", "Wi", "Ya", "Za", "Jé", "Ró",
    ]
    static let latinGivenEnd = ["ra", "na", "lia", "ron", "vin", "dan", "mir", "ssa", "nie", "ko", "ri", "to", "len", "ma", "ya", "rik"]
    static let chineseFamily = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭", "何", "林", "罗", "高"]
    static let chineseGiven = Array("伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰小红建国志文斌鑫宇浩然子涵欣怡梓轩晨博")
    static let japanese: [(String, String)] = [
        ("山田", "やまだ"), ("田中", "たなか"), ("佐藤", "さとう"), ("鈴木", "すずき"), ("高橋", "たかはし"), ("渡辺", "わたなべ"),
        ("伊藤", "いとう"), ("中村", "なかむら"), ("小林", "こばやし"), ("加藤", "かとう"), ("吉田", "よしだ"), ("山本", "やまもと"),
    ]
    static let japaneseGiven: [(String, String)] = [
        ("太郎", "たろう"), ("花子", "はなこ"), ("さくら", "さくら"), ("健太", "けんた"), ("美咲", "みさき"), ("翔", "しょう"),
        ("陽菜", "ひな"), ("大輔", "だいすけ"), ("結衣", "ゆい"), ("蓮", "れん"), ("アキラ", "あきら"), ("ケン", "けん"),
    ]
    static let koreanFamily = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오"]
    static let koreanSyllables = Array("민수지영현우서준하은도윤예린시우주원채은건유진태희성")
    static let organizations = ["Apple", "Acme Corp", "北京大学", "株式会社山田", "삼성", "Globex", "Initech", "Umbrella"]
    static let domains = ["example.com", "mail.example.org", "corp.example.net", "example.co.jp", "example.kr"]

    static func person(_ random: inout SplitMix, index: Int) -> Person {
        var person = Person()
        switch random.next() % 20 {
        case 0..<11:
            // Common given names and many rarer ones; family names from up to three syllables.
            person.given = random.chance(70) ? random.pick(latinGiven) : random.pick(latinGivenStart) + random.pick(latinGivenEnd)
            person.family = random.pick(latinFamilyStart) + (random.chance(50) ? random.pick(latinFamilyMiddle) : "")
                + random.pick(latinFamilyEnd)
            if random.chance(15) { person.middle = random.pick(latinGiven) }
        case 11..<14:
            person.family = random.pick(chineseFamily)
            person.given = String(random.pick(chineseGiven)) + (random.chance(70) ? String(random.pick(chineseGiven)) : "")
        case 14..<17:
            let family = random.pick(japanese)
            let given = random.pick(japaneseGiven)
            (person.family, person.phoneticFamily) = family
            (person.given, person.phoneticGiven) = given
        default:
            person.family = random.pick(koreanFamily)
            person.given = String(random.pick(koreanSyllables)) + String(random.pick(koreanSyllables))
        }
        if random.chance(10) { person.organization = random.pick(organizations) }
        if random.chance(70) { person.phone = phone(&random) }
        if random.chance(50) {
            let local = person.given.isEmpty || !person.given.unicodeScalars.allSatisfy(\.isASCII)
                ? "user\(index)" : person.given.lowercased() + "." + String(index, radix: 36)
            person.email = local + "@" + random.pick(domains)
        }
        return person
    }

    /// A number in one of three national shapes, formatted as people save them.
    static func phone(_ random: inout SplitMix) -> String {
        let digits = (0..<8).map { _ in String(random.below(10)) }.joined()
        let d = Array(digits)
        switch random.below(3) {
        case 0: return "+33 6 \(String(d[0..<2])) \(String(d[2..<4])) \(String(d[4..<6])) \(String(d[6..<8]))"
        case 1: return "(415) 5\(String(d[0..<2]))-\(String(d[2..<6]))"
        default: return "+82 10-\(String(d[0..<4]))-\(String(d[4..<8]))"
        }
    }
}
