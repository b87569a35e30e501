import Foundation
import Testing
@testable import ContactCore

/// The fast paths of building the search index at once (the first search after opening a
/// database) give exactly what the plain ones give.
@Suite("Search index — bulk build and normalization shortcuts")
struct SearchIndexBuildTests {
    /// Every Latin scalar alone normalizes through the lookup table as through Foundation.
    @Test func eachLatinScalarNormalizesAsFoundationDoes() {
        for value in 0..<SearchText.latinLimit {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            #expect(SearchText.tokens(of: text) == SearchText.tokensThroughFoundation(of: text),
                    "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    /// Strings of them: the scalars normalize one by one (none combines with a neighbour).
    @Test func latinTextNormalizesAsFoundationDoes() {
        var random = SplitMix64(seed: 0x5EED)
        let pieces: [Unicode.Scalar] = (0x20..<0x7F).compactMap(Unicode.Scalar.init)
            + (0xA0..<SearchText.latinLimit).compactMap(Unicode.Scalar.init)
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...8, using: &random) { text.append(pieces.randomElement(using: &random) ?? "a") }
            let string = String(text)
            #expect(SearchText.tokens(of: string) == SearchText.tokensThroughFoundation(of: string), "\(string.debugDescription)")
        }
    }

    /// Contacts whose keys share long prefixes (past the sixteen bytes the bulk sort reads
    /// first), differ by a trailing NUL, repeat, or hold CJK forms.
    static func contacts() -> StoredContacts {
        let names: [(String, String)] = [
            ("Anna", "Haro"), ("anna", "Harold"), ("Annabelle", "Haroldsonmacpherson"), ("Annabellemarie", "Haroldsonmacphersons"),
            ("Zoë", "Núñez"), ("Zoe", "Nunez"), ("山田", "太郎"), ("やまだ", "たろう"), ("김", "민수"), ("", ""), ("Ｆｕｌｌ", "Ｗｉｄｔｈ"),
            ("Bartholomewjohnathan", "Q"), ("Bartholomewjohnathon", "Q"), ("Bartholomewjohnathan", "R"),
        ]
        let emails = ["ab", "ab\u{0}", "ab\u{0}\u{0}", "averyveryverylongaddress@example.com", "averyveryverylongaddress@example.org",
                      "AB", "", "x@y"]
        let phones = ["+1 555 0100", "555 0100", "12", "(0)6 12 34 56 78", "+33 6 12 34 56 78"]
        var contacts = StoredContacts()
        for index in 0..<120 {
            var fields = ContactFields()
            (fields.givenName, fields.familyName) = names[index % names.count]
            fields.organizationName = index % 5 == 0 ? "Apple Computer" : ""
            fields.emailAddresses = [LabeledValue(value: emails[index % emails.count]), LabeledValue(value: emails[(index / 3) % emails.count])]
            fields.phoneNumbers = [LabeledValue(value: PhoneNumber(phones[index % phones.count]))]
            // Serials out of storage order and with gaps, as deletes leave them.
            contacts["C\(index)"] = StoredContact(contactType: .person, fields: fields, containerIdentifier: "local",
                                                  serial: UInt64(1_000 - 7 * index))
        }
        return contacts
    }

    /// Every lookup the store and the access button make, for every key's prefixes.
    static func answers(_ index: SearchIndex, _ contacts: StoredContacts) -> [String] {
        var answers: [String] = []
        for contact in contacts.positionsBySerial.map({ contacts[$0] }) {
            let keys = ContactSearchKeys(contact.fields)
            for form in keys.names.flatMap(\.forms) {
                for length in 1...form.count {
                    answers.append("\(index.results(matching: NameQuery(tokens: [Array(form.prefix(length))])).identifiers)")
                }
            }
            for digits in keys.phoneDigits { answers.append("\(index.results(withPhoneDigits: digits).identifiers)") }
            for email in keys.emails { answers.append("\(index.results(withEmail: email).identifiers)") }
        }
        for text in ["an", "anna ha", "har", "山", "yamada", "ㄱ", "555", "0100", "ab", "a", "averyvery", "6 12 34", "apple", "q"] {
            answers.append("\(index.hits(for: ContactSearchQuery(text)).map(\.identifier).sorted())")
        }
        return answers
    }

    /// A contact's keys made with a pool equal those made alone, whatever texts the pool met
    /// before (texts they begin with, other cases, CJK names joined, more texts than it keeps);
    /// and a name met before shares its tokens' storage.
    @Test func aTokenPoolSharesTokensAndNeverChangesThem() {
        var pool = TokenPool()
        var earlier: [(names: [String], keys: ContactSearchKeys)] = []
        let fillers = (0..<(TokenPool.limit + 8)).map { "Filler\($0)" }
        for fields in Self.contacts().positionsBySerial.map({ Self.contacts()[$0].fields }) {
            let pooled = ContactSearchKeys(fields, pool: &pool)
            #expect(pooled == ContactSearchKeys(fields), "\(fields.givenName) \(fields.familyName)")
            let names = [fields.givenName, fields.familyName, fields.organizationName]
            if let twin = earlier.first(where: { $0.names == names }) {
                let storage = { (keys: ContactSearchKeys) in keys.names.map { $0.token.withUnsafeBufferPointer(\.baseAddress) } }
                #expect(storage(twin.keys) == storage(pooled), "\(fields.givenName) \(fields.familyName) has its own copies")
            }
            earlier.append((names, pooled))
        }
        var fresh = TokenPool()
        for text in ["Ann", "Anna", "Annabelle", "Ab", "Ab-Ac", "山", "山田", "Filler1"] + fillers {
            var fields = ContactFields()
            fields.givenName = text
            #expect(ContactSearchKeys(fields, pool: &fresh) == ContactSearchKeys(fields), "\(text)")
        }
        for text in ["Ann", "Ann Marie", "ANN", "山田", "山", "Filler1"] {
            var fields = ContactFields()
            (fields.givenName, fields.familyName) = (text, text.uppercased())
            #expect(ContactSearchKeys(fields, pool: &pool) == ContactSearchKeys(fields), "\(text)")
        }
    }

    @Test func aBulkBuildAnswersAsUpdatingContactByContactDoes() {
        let contacts = Self.contacts()
        var updated = SearchIndex()
        for position in contacts.indices { updated.update(contacts.identifier(at: position), contacts[position]) }
        let bulk = SearchIndex(bulk: contacts)
        #expect(bulk.count == contacts.count)
        #expect(Self.answers(bulk, contacts) == Self.answers(updated, contacts))
    }

    /// A bulk-built index goes on being updated by saves: renames, deletes and new contacts.
    @Test func aBulkBuiltIndexFollowsLaterChanges() {
        var contacts = Self.contacts()
        var bulk = SearchIndex(bulk: contacts)
        var changes: [(String, StoredContact?)] = []
        for (offset, identifier) in contacts.identifiers.sorted().enumerated() where offset % 4 == 0 {
            changes.append((identifier, nil))
        }
        for (offset, identifier) in contacts.identifiers.sorted().enumerated() where offset % 4 == 1 {
            var renamed = contacts[identifier]
            renamed?.fields.givenName = "Renamed\(offset)"
            renamed?.fields.emailAddresses = []
            changes.append((identifier, renamed))
        }
        var added = Self.contacts()["C3"]
        added?.serial = 5_000
        changes.append(("Added", added))
        var updated = SearchIndex()
        for position in contacts.indices { updated.update(contacts.identifier(at: position), contacts[position]) }
        for (identifier, contact) in changes {
            contacts[identifier] = contact
            bulk.update(identifier, contact)
            updated.update(identifier, contact)
        }
        #expect(bulk.count == contacts.count)
        #expect(Self.answers(bulk, contacts) == Self.answers(updated, contacts))
        #expect(Self.answers(bulk, contacts) == Self.answers(SearchIndex(bulk: contacts), contacts))
    }
}
