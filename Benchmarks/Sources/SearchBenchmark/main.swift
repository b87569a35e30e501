// Per-keystroke search over 100,000 contacts in mixed scripts: ContactCore's search index
// through the public API (`contactIdentifiers(matching: .name(_:))`, which FTS5's rowids
// compare with, and `unifiedContacts(matching: .name(_:), keysToFetch: [])`, which also
// builds a `Contact` per result), an SQLite FTS5 prefix query over the same names, and a
// linear scan with `localizedStandardContains`, side by side.
//
// Run: cd Benchmarks && swift build -c release --scratch-path ../.build-bench-search \
//        && ../.build-bench-search/release/SearchBenchmark
// With SEARCH_BENCH_DETAIL=1 it also prints each keystroke's hits and median for both indexes.
import BenchmarkSupport
import ContactCore
import Foundation
import GRDB


struct Person {
    var given = ""
    var middle = ""
    var family = ""
    var phoneticGiven = ""
    var phoneticFamily = ""
    var organization = ""
    /// Every name field with spaces, for FTS5 and the linear scan.
    var allNames: String { [given, middle, family, phoneticGiven, phoneticFamily, organization].joined(separator: " ") }
}

enum Names {
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
        return person
    }
}

/// Names typed one character at a time: every prefix is one query.
let typed = [
    "john appleseed", "josé", "nunez", "maria", "zoe", "lukasz", "søren", "jonas peter", "apple",
    "wang xiao", "王小", "zhang", "wxm", "やまだ", "yamada", "tanaka", "さくら", "山田太郎", "김민수", "ㄱㅁㅅ", "박지",
]
let keystrokes: [String] = typed.flatMap { name in
    (1...name.count).map { String(name.prefix($0)) }.filter { !$0.hasSuffix(" ") }
}

// MARK: Load

let contactCount = 100_000
var random = SplitMix(state: 2024)
let people = (0..<contactCount).map { Names.person(&random, index: $0) }

let device = ContactDevice(seed: 1)
let app = AppConfiguration(bundleIdentifier: "com.example.bench", usageDescription: "Benchmarks search.")
let store = device.store(for: app)
try device.applySettings(.allowFull, to: app.bundleIdentifier)

let clock = ContinuousClock()
var loadStart = clock.now
for batch in stride(from: 0, to: people.count, by: 1000) {
    var request = SaveRequest()
    for person in people[batch..<min(batch + 1000, people.count)] {
        var contact = MutableContact()
        contact.givenName = person.given
        contact.middleName = person.middle
        contact.familyName = person.family
        contact.phoneticGivenName = person.phoneticGiven
        contact.phoneticFamilyName = person.phoneticFamily
        contact.organizationName = person.organization
        request.add(contact)
    }
    try store.execute(request)
}
let engineLoad = clock.now - loadStart

loadStart = clock.now
let database = try DatabaseQueue()
try database.write { db in
    try db.execute(sql: """
        CREATE VIRTUAL TABLE names USING fts5(
            given, middle, family, phoneticGiven, phoneticFamily, organization,
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')
        """)
    let insert = try db.makeStatement(sql: "INSERT INTO names(rowid, given, middle, family, phoneticGiven, phoneticFamily, organization) VALUES (?, ?, ?, ?, ?, ?, ?)")
    for (index, person) in people.enumerated() {
        try insert.execute(arguments: [index, person.given, person.middle, person.family,
                                       person.phoneticGiven, person.phoneticFamily, person.organization])
    }
}
let ftsLoad = clock.now - loadStart
let scanTexts = people.map(\.allNames)

/// FTS5's query for what was typed: every word a quoted prefix, all required.
func ftsPattern(_ query: String) -> String {
    query.split(whereSeparator: \.isWhitespace)
        .map { "\"" + $0.replacingOccurrences(of: "\"", with: "") + "\"*" }
        .joined(separator: " ")
}

// MARK: Measure

let repetitions = 5
var engine = LatencySample()
var engineContacts = LatencySample()
var fts = LatencySample()
var scan = LatencySample()
var engineHits = 0
var engineContactHits = 0
var ftsHits = 0
var scanHits = 0

// Each method runs alone, every keystroke `repetitions` times, so none pays for another's garbage.
for _ in 0..<repetitions {
    for query in keystrokes {
        engineHits += try engine.measure { try store.contactIdentifiers(matching: .name(query)).count }
    }
}
for _ in 0..<repetitions {
    for query in keystrokes {
        engineContactHits += try engineContacts.measure {
            try store.unifiedContacts(matching: .name(query), keysToFetch: []).count
        }
    }
}
try database.read { db in
    let statement = try db.cachedStatement(sql: "SELECT rowid FROM names WHERE names MATCH ?")
    for _ in 0..<repetitions {
        for query in keystrokes {
            let pattern = ftsPattern(query)
            ftsHits += try fts.measure { try Int64.fetchAll(statement, arguments: [pattern]).count }
        }
    }
}
for query in keystrokes {
    scanHits += scan.measure { scanTexts.reduce(0) { $0 + ($1.localizedStandardContains(query) ? 1 : 0) } }
}

// MARK: Report

if ProcessInfo.processInfo.environment["SEARCH_BENCH_DETAIL"] != nil {
    for query in keystrokes {
        var one = LatencySample()
        var ftsOne = LatencySample()
        var count = 0
        var ftsCount = 0
        for _ in 0..<5 { count = try one.measure { try store.contactIdentifiers(matching: .name(query)).count } }
        try database.read { db in
            let statement = try db.cachedStatement(sql: "SELECT rowid FROM names WHERE names MATCH ?")
            for _ in 0..<5 { ftsCount = try ftsOne.measure { try Int64.fetchAll(statement, arguments: [ftsPattern(query)]).count } }
        }
        print(query.padding(toLength: 16, withPad: " ", startingAt: 0), count, formatDuration(one.median), ftsCount, formatDuration(ftsOne.median))
    }
}

func row(_ name: String, _ sample: LatencySample, _ hits: Int, _ runs: Int) -> String {
    name.padding(toLength: 36, withPad: " ", startingAt: 0) + formatDuration(sample.median) + "  "
        + formatDuration(sample.p99) + String(format: "  %10.1f", Double(hits) / Double(runs * keystrokes.count))
}

print("Search per keystroke: \(contactCount) contacts (Latin, Chinese, Japanese, Korean), "
      + "\(keystrokes.count) keystrokes of \(typed.count) names")
print("Load: ContactCore \(engineLoad), FTS5 \(ftsLoad)")
print("")
print("method".padding(toLength: 36, withPad: " ", startingAt: 0) + "     median          p99   mean hits")
print(row("ContactCore index: identifiers", engine, engineHits, repetitions))
print(row("ContactCore index: Contact values", engineContacts, engineContactHits, repetitions))
print(row("SQLite FTS5 prefix query", fts, ftsHits, repetitions))
print(row("Linear localizedStandardContains", scan, scanHits, 1))
print("")
print(String(format: "ContactCore identifiers vs FTS5 rowids: median %.1f× faster, p99 %.1f×",
             fts.median / engine.median, fts.p99 / engine.p99))
