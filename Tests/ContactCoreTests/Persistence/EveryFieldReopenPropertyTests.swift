import ContactCoreSQLite
import Foundation
import PropertyBased
import Testing
@testable import ContactCore

/// SPEC 13 on random contacts: every field of SPEC 2 survives saving to a database file,
/// closing and opening it again, byte for byte (not canonical equivalence: `é` and `e` with a
/// combining accent stay as they were written), with each labeled value's identifier and label.
@Suite("SPEC 13 — every field survives reopening")
struct EveryFieldReopenPropertyTests {
    static let writer = AppConfiguration(bundleIdentifier: "writer", usageDescription: "Keeps your contacts.",
                                         hasNotesEntitlement: true)

    /// Pieces of text that storage gets wrong: NUL (SQLite's text functions stop there),
    /// combining marks and their precomposed twins, emoji sequences, full-width digits, a
    /// byte-order mark, lone line ends, scalars outside the BMP, and a long run.
    static let pieces = [
        "", "a", "\u{0}", "x\u{0}y", "e\u{301}", "é", "👩‍👩‍👧", "🇫🇷", "１２３", "\u{FEFF}", "\r\n", "\r", " ",
        "\u{10FFFF}", "ﬁ", "İ", "ǅ", "王小明", "ハナコ", "김", "_$!<Home>!$_", "'; DROP TABLE contact; --", "%",
        String(repeating: "ü", count: 2_000),
    ]
    static let labels: [ContactLabel?] = [
        nil, .home, .work, .mobile, .iPhone, .main, .other, .anniversary, .homePage, .custom("Mine"),
        .custom("\u{0}"), .custom("_$!<home>!$_"), .custom("e\u{301}"), .custom("_$!<Home>!$_ "),
    ]
    static let calendars = ["gregorian", "chinese", "hebrew", "islamic", "japanese", "persian"]

    /// Reads a contact's values from a stream of bytes: each field takes the next ones (zero
    /// past the end), so shrinking the stream makes the contact plainer.
    struct Reader {
        var bytes: ArraySlice<Int>

        mutating func next(_ count: Int) -> Int {
            guard let first = bytes.first else { return 0 }
            bytes = bytes.dropFirst()
            return first % count
        }

        mutating func text() -> String {
            (0..<next(4)).map { _ in pieces[next(pieces.count)] }.joined()
        }

        mutating func label() -> ContactLabel? { labels[next(labels.count)] }

        /// A code a save takes (Decisions, "Country codes"): none, or two lower-case letters.
        mutating func countryCode() -> String { ["", "us", "de", "zz"][next(4)] }

        mutating func date(calendar: String = "gregorian") -> ContactDate {
            let year = next(3) == 0 ? nil : 1_600 + next(256) * 2
            // Month 13: a leap month of a lunisolar calendar.
            return ContactDate(calendar: calendar, year: year, month: 1 + next(calendar == "gregorian" ? 12 : 13), day: 1 + next(31))
        }

        mutating func list<V>(_ value: (inout Reader) -> V) -> [LabeledValue<V>] {
            (0..<next(4)).map { _ in
                let label = self.label()
                return LabeledValue(label: label, value: value(&self))
            }
        }

        mutating func data() -> Data? {
            switch next(4) {
            case 0: nil
            case 1: Data()
            case 2: Data([0])
            default: Data((0..<(1 + next(256) * 16)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ next(256)) })
            }
        }
    }

    static func contact(_ bytes: [Int]) -> MutableContact {
        var r = Reader(bytes: bytes[...])
        var c = MutableContact(contactType: r.next(2) == 0 ? .person : .organization)
        c.namePrefix = r.text()
        c.givenName = r.text()
        c.middleName = r.text()
        c.familyName = r.text()
        c.previousFamilyName = r.text()
        c.nameSuffix = r.text()
        c.nickname = r.text()
        c.phoneticGivenName = r.text()
        c.phoneticMiddleName = r.text()
        c.phoneticFamilyName = r.text()
        c.organizationName = r.text()
        c.phoneticOrganizationName = r.text()
        c.departmentName = r.text()
        c.jobTitle = r.text()
        c.phoneNumbers = r.list { PhoneNumber($0.text()) }
        c.emailAddresses = r.list { $0.text() }
        c.postalAddresses = r.list {
            PostalAddress(street: $0.text(), subLocality: $0.text(), city: $0.text(), subAdministrativeArea: $0.text(),
                          state: $0.text(), postalCode: $0.text(), country: $0.text(), isoCountryCode: $0.countryCode())
        }
        c.urlAddresses = r.list { $0.text() }
        c.socialProfiles = r.list {
            SocialProfile(urlString: $0.text(), username: $0.text(), userIdentifier: $0.text(), service: $0.text())
        }
        c.instantMessageAddresses = r.list { InstantMessageAddress(username: $0.text(), service: $0.text()) }
        c.contactRelations = r.list { ContactRelation(name: $0.text()) }
        c.birthday = r.next(2) == 0 ? nil : r.date()
        c.nonGregorianBirthday = r.next(2) == 0 ? nil : r.date(calendar: calendars[r.next(calendars.count)])
        c.dates = r.list { $0.date() }
        c.note = r.text()
        c.imageData = r.data()
        c.thumbnailImageData = r.data()
        return c
    }

    /// Every field as bytes: each text as its UTF-8, each list entry with its identifier and its
    /// label's UTF-8 (or that it has none), each value's parts in order.
    static func fields(_ c: MutableContact, identifiers: Bool) -> [String: [[UInt8]]] {
        func t(_ s: String) -> [UInt8] { Array(s.utf8) }
        func d(_ date: ContactDate?) -> [[UInt8]] {
            guard let date else { return [[0xFF]] }
            return [t(date.calendar), t(date.year.map(String.init) ?? "none"), t("\(date.month)"), t("\(date.day)")]
        }
        func list<V>(_ values: [LabeledValue<V>], _ parts: (V) -> [[UInt8]]) -> [[UInt8]] {
            values.flatMap { value in
                [identifiers ? t(value.identifier) : [], value.label.map { t($0.rawValue) } ?? [0xFF]] + parts(value.value)
            }
        }
        return [
            "contactType": [t("\(c.contactType)")],
            "namePrefix": [t(c.namePrefix)], "givenName": [t(c.givenName)], "middleName": [t(c.middleName)],
            "familyName": [t(c.familyName)], "previousFamilyName": [t(c.previousFamilyName)],
            "nameSuffix": [t(c.nameSuffix)], "nickname": [t(c.nickname)], "phoneticGivenName": [t(c.phoneticGivenName)],
            "phoneticMiddleName": [t(c.phoneticMiddleName)], "phoneticFamilyName": [t(c.phoneticFamilyName)],
            "organizationName": [t(c.organizationName)], "phoneticOrganizationName": [t(c.phoneticOrganizationName)],
            "departmentName": [t(c.departmentName)], "jobTitle": [t(c.jobTitle)],
            "phoneNumbers": list(c.phoneNumbers) { [t($0.stringValue)] },
            "emailAddresses": list(c.emailAddresses) { [t($0)] },
            "postalAddresses": list(c.postalAddresses) {
                [$0.street, $0.subLocality, $0.city, $0.subAdministrativeArea, $0.state, $0.postalCode, $0.country,
                 $0.isoCountryCode].map(t)
            },
            "urlAddresses": list(c.urlAddresses) { [t($0)] },
            "socialProfiles": list(c.socialProfiles) { [$0.urlString, $0.username, $0.userIdentifier, $0.service].map(t) },
            "instantMessageAddresses": list(c.instantMessageAddresses) { [$0.username, $0.service].map(t) },
            "contactRelations": list(c.contactRelations) { [t($0.name)] },
            "birthday": d(c.birthday), "nonGregorianBirthday": d(c.nonGregorianBirthday),
            "dates": list(c.dates) { d($0) },
            "note": [t(c.note)],
            "imageData": [c.imageData.map { [1] + Array($0) } ?? [0]],
            "thumbnailImageData": [c.thumbnailImageData.map { [1] + Array($0) } ?? [0]],
        ]
    }

    /// The fields that differ, by name.
    static func differences(_ a: [String: [[UInt8]]], _ b: [String: [[UInt8]]]) -> [String] {
        a.keys.filter { a[$0] != b[$0] }.sorted()
    }

    @Test func everyFieldSurvivesReopeningByteForByte() async throws {
        let contacts = Gen.int(in: 0...255).array(of: 0...220).array(of: 1...3)
        await propertyCheck(count: 150, input: contacts) { streams in
            // On a memory file system where there is one: 150 files written, closed and read.
            let shm = URL(fileURLWithPath: "/dev/shm")
            let database = FileManager.default.isWritableFile(atPath: shm.path) ? TemporaryDatabase(in: shm) : TemporaryDatabase()
            defer { database.remove() }
            let written = streams.map(Self.contact)
            var live: [MutableContact] = []
            do {
                let device = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
                try device.applySettings(.allowFull, to: Self.writer.bundleIdentifier)
                var request = SaveRequest()
                let added = written.map { request.add($0) }
                let result = try device.store(for: Self.writer).execute(request)
                let ids = added.compactMap { result.identifier(for: $0) }
                try #require(ids.count == written.count)
                live = try ids.map { try device.store(for: Self.writer).unifiedContact(withIdentifier: $0, keysToFetch: ContactKey.allCases).mutableCopy() }
                for (saved, read) in zip(written, live) {
                    let what = Self.differences(Self.fields(saved, identifiers: false), Self.fields(read, identifiers: false))
                    #expect(what.isEmpty, "read back before closing, these fields differ from what was saved: \(what)")
                }
                device.close()
                let reopened = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
                defer { reopened.close() }
                for (before, id) in zip(live, ids) {
                    let after = try reopened.store(for: Self.writer).unifiedContact(withIdentifier: id, keysToFetch: ContactKey.allCases)
                        .mutableCopy()
                    let what = Self.differences(Self.fields(before, identifiers: true), Self.fields(after, identifiers: true))
                    #expect(what.isEmpty, "after reopening, these fields differ: \(what)")
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
