import Foundation
import Testing
@testable import ContactCore

/// The compact storage of contacts (rarely set fields in a shared box, dates in 8 bytes)
/// behaves, compares, hashes and encodes exactly as the all-inline layout it replaced.
@Suite("Compact contact storage")
struct CompactStorageTests {
    /// The all-inline layout that came before, with its synthesized conformances: the reference.
    struct InlineDate: Codable, Hashable {
        var calendar: String
        var year: Int?
        var month: Int
        var day: Int
    }

    struct InlineFields: Codable, Hashable {
        var namePrefix = ""
        var givenName = ""
        var middleName = ""
        var familyName = ""
        var previousFamilyName = ""
        var nameSuffix = ""
        var nickname = ""
        var phoneticGivenName = ""
        var phoneticMiddleName = ""
        var phoneticFamilyName = ""
        var organizationName = ""
        var phoneticOrganizationName = ""
        var departmentName = ""
        var jobTitle = ""
        var phoneNumbers: [LabeledValue<PhoneNumber>] = []
        var emailAddresses: [LabeledValue<String>] = []
        var postalAddresses: [LabeledValue<PostalAddress>] = []
        var urlAddresses: [LabeledValue<String>] = []
        var socialProfiles: [LabeledValue<SocialProfile>] = []
        var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
        var contactRelations: [LabeledValue<ContactRelation>] = []
        var birthday: InlineDate?
        var nonGregorianBirthday: InlineDate?
        var dates: [LabeledValue<InlineDate>] = []
        var note = ""
        var imageData: Data?
        var thumbnailImageData: Data?
    }

    static func inline(_ date: ContactDate) -> InlineDate {
        InlineDate(calendar: date.calendar, year: date.year, month: date.month, day: date.day)
    }

    static func inline(_ fields: ContactFields) -> InlineFields {
        InlineFields(
            namePrefix: fields.namePrefix, givenName: fields.givenName, middleName: fields.middleName,
            familyName: fields.familyName, previousFamilyName: fields.previousFamilyName, nameSuffix: fields.nameSuffix,
            nickname: fields.nickname, phoneticGivenName: fields.phoneticGivenName,
            phoneticMiddleName: fields.phoneticMiddleName, phoneticFamilyName: fields.phoneticFamilyName,
            organizationName: fields.organizationName, phoneticOrganizationName: fields.phoneticOrganizationName,
            departmentName: fields.departmentName, jobTitle: fields.jobTitle, phoneNumbers: fields.phoneNumbers,
            emailAddresses: fields.emailAddresses, postalAddresses: fields.postalAddresses,
            urlAddresses: fields.urlAddresses, socialProfiles: fields.socialProfiles,
            instantMessageAddresses: fields.instantMessageAddresses, contactRelations: fields.contactRelations,
            birthday: fields.birthday.map(inline), nonGregorianBirthday: fields.nonGregorianBirthday.map(inline),
            dates: fields.dates.map { entry in
                var copy = LabeledValue(label: entry.label, value: inline(entry.value))
                copy.identifier = entry.identifier
                return copy
            },
            note: fields.note, imageData: fields.imageData, thumbnailImageData: fields.thumbnailImageData)
    }

    static var full: MutableContact {
        var contact = MutableContact()
        contact.namePrefix = "Dr."
        contact.givenName = "Ada"
        contact.middleName = "Augusta"
        contact.familyName = "Lovelace"
        contact.previousFamilyName = "Byron"
        contact.nameSuffix = "PhD"
        contact.nickname = "Countess"
        contact.phoneticGivenName = "ay-da"
        contact.phoneticMiddleName = "aw-gus-ta"
        contact.phoneticFamilyName = "luv-lace"
        contact.organizationName = "Analytical Engines"
        contact.phoneticOrganizationName = "an-a-lit-i-cal"
        contact.departmentName = "Notes"
        contact.jobTitle = "Mathematician"
        var phone = LabeledValue(label: .mobile, value: PhoneNumber("+44 20 7946 0000"))
        phone.identifier = "00000000000A1:M"
        contact.phoneNumbers = [phone, LabeledValue(value: "555")]
        contact.emailAddresses = [LabeledValue(label: .home, value: "ada@example.com")]
        contact.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(street: "1 St James's Sq", city: "London"))]
        contact.urlAddresses = [LabeledValue(label: .homePage, value: "https://example.com")]
        contact.socialProfiles = [LabeledValue(value: SocialProfile(urlString: "x", username: "ada", service: "Twitter"))]
        contact.instantMessageAddresses = [LabeledValue(value: InstantMessageAddress(username: "ada", service: "Jabber"))]
        contact.contactRelations = [LabeledValue(label: "father", value: ContactRelation(name: "Byron"))]
        contact.birthday = ContactDate(year: 1815, month: 12, day: 10)
        contact.nonGregorianBirthday = ContactDate(calendar: "hebrew", year: 5576, month: 3, day: 8)
        contact.dates = [LabeledValue(label: .anniversary, value: ContactDate(month: 7, day: 8)),
                         LabeledValue(value: ContactDate(year: Int.max, month: 1_000, day: -1))]
        contact.note = "First programmer"
        contact.imageData = Data([1, 2, 3])
        contact.thumbnailImageData = Data([4])
        return contact
    }

    static func json(_ value: some Encodable, sorted: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sorted ? [.sortedKeys] : []
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Whether two values encode to the same JSON: the same bytes with sorted keys; without,
    /// the same object (the encoder's key order follows the process's hash seed, so bytes
    /// would compare equal only under `SWIFT_DETERMINISTIC_HASHING`).
    static func encodeAlike(_ a: some Encodable, _ b: some Encodable, sorted: Bool) throws -> Bool {
        if sorted { return try json(a, sorted: true) == json(b, sorted: true) }
        let (x, y) = (try JSONEncoder().encode(a), try JSONEncoder().encode(b))
        return try (JSONSerialization.jsonObject(with: x) as? NSDictionary) == (JSONSerialization.jsonObject(with: y) as? NSDictionary)
    }

    @Test(arguments: [false, true])
    func fieldsEncodeAsTheInlineLayoutDid(sorted: Bool) throws {
        var sparse = MutableContact()
        sparse.givenName = "Kate"
        sparse.birthday = ContactDate(month: 2, day: 29)
        for contact in [Self.full, sparse, MutableContact()] {
            let fields = contact.fields
            #expect(try Self.encodeAlike(fields, Self.inline(fields), sorted: sorted))
            let decoded = try JSONDecoder().decode(ContactFields.self, from: JSONEncoder().encode(Self.inline(fields)))
            #expect(decoded == fields)
            #expect(Self.inline(decoded) == Self.inline(fields))
        }
    }

    @Test func decodingStillRequiresEveryTextKey() throws {
        let text = try Self.json(Self.inline(Self.full.fields), sorted: true).replacingOccurrences(of: "\"nickname\"", with: "\"nick\"")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ContactFields.self, from: Data(text.utf8)) }
    }

    @Test func aRareFieldSetThenClearedIsTheEmptyField() {
        var contact = MutableContact()
        contact.givenName = "Kate"
        var cleared = contact
        cleared.nickname = "K"
        cleared.nonGregorianBirthday = ContactDate(calendar: "chinese", month: 13, day: 1)
        #expect(cleared != contact)
        cleared.nickname = ""
        cleared.nonGregorianBirthday = nil
        #expect(cleared == contact)
        #expect(cleared.hashValue == contact.hashValue)
        #expect(Set([cleared, contact]).count == 1)
    }

    @Test func copiesDoNotShareEdits() {
        let original = Self.full
        var copy = original
        copy.nickname = "Ada"
        copy.phoneticGivenName = ""
        #expect(original.nickname == "Countess")
        #expect(original.phoneticGivenName == "ay-da")
        #expect(copy.nickname == "Ada")
        #expect(copy.phoneticGivenName.isEmpty)
        #expect(copy.middleName == "Augusta")
    }

    @Test func hashesAreThoseOfTheInlineLayout() {
        // Same values, same hasher input: ordering of sets and dictionaries did not change.
        for fields in [Self.full.fields, MutableContact().fields] {
            var compact = Hasher()
            compact.combine(fields)
            var inline = Hasher()
            inline.combine(Self.inline(fields))
            #expect(compact.finalize() == inline.finalize())
        }
    }

    @Test func aContactKeepsOnlyItsKeysWhateverTheBox() throws {
        let fields = Self.full.fields
        for keys in [ContactKeySet([.givenName, .nickname]), ContactKeySet([.givenName]), RareContactFields.keys,
                     RareContactFields.keys.union(ContactKeySet(.familyName)), ContactKeySet.all.subtracting(ContactKeySet(.thumbnailImageData))] {
            let contact = Contact(identifier: "1", contactType: .person, fields: fields, keys: keys)
            let kept = Self.inline(contact.fields)
            for key in ContactKey.allCases {
                let expected = Self.inline(keys.contains(key) ? fields : ContactFields.empty)
                #expect(Self.value(of: key, in: kept) == Self.value(of: key, in: expected), "\(key.rawValue)")
            }
        }
    }

    /// A key's value in the reference layout, as text: enough to compare one field.
    static func value(of key: ContactKey, in fields: InlineFields) -> String {
        let mirror = Mirror(reflecting: fields)
        return mirror.children.first { $0.label == key.rawValue }.map { String(describing: $0.value) } ?? "?"
    }

    @Test(arguments: [
        (calendar: "gregorian", year: Int?.none, month: 2, day: 29), ("gregorian", 1815, 12, 10), ("gregorian", -5, 0, 0),
        ("gregorian", Int(Int32.max), 255, 255), ("gregorian", Int(Int32.min), 1, 1), ("gregorian", Int(Int32.max) + 1, 1, 1),
        ("gregorian", 2000, 256, 1), ("gregorian", 2000, 1, -1), ("gregorian", Int.min, Int.max, Int.min), ("chinese", nil, 13, 1),
        ("", 1, 1, 1), ("Gregorian", 1, 1, 1),
    ])
    func datesKeepEveryPart(calendar: String, year: Int?, month: Int, day: Int) throws {
        let date = ContactDate(calendar: calendar, year: year, month: month, day: day)
        #expect(date.calendar == calendar && date.year == year && date.month == month && date.day == day)
        let reference = InlineDate(calendar: calendar, year: year, month: month, day: day)
        #expect(try Self.encodeAlike(date, reference, sorted: false))
        #expect(try Self.encodeAlike(date, reference, sorted: true))
        #expect(try JSONDecoder().decode(ContactDate.self, from: JSONEncoder().encode(reference)) == date)
        var hasher = Hasher()
        hasher.combine(date)
        var inline = Hasher()
        inline.combine(reference)
        #expect(hasher.finalize() == inline.finalize())
        // Reached through the setters from another date, it is the same value.
        var edited = ContactDate(calendar: "hebrew", year: 1, month: 300, day: 7)
        edited.calendar = calendar
        edited.year = year
        edited.month = month
        edited.day = day
        #expect(edited == date)
        #expect(edited.hashValue == date.hashValue)
        let valid = (calendar == "gregorian" ? (1...12).contains(month) : (1...13).contains(month))
            && (1...31).contains(day) && (year.map { (1...9999).contains($0) } ?? true) && !calendar.isEmpty
        #expect(edited.isValid == valid)
    }

    @Test func datesDifferInEachPart() {
        let date = ContactDate(year: 1990, month: 2, day: 28)
        #expect(date != ContactDate(year: nil, month: 2, day: 28))
        #expect(date != ContactDate(year: 1991, month: 2, day: 28))
        #expect(date != ContactDate(year: 1990, month: 3, day: 28))
        #expect(date != ContactDate(year: 1990, month: 2, day: 27))
        #expect(date != ContactDate(calendar: "chinese", year: 1990, month: 2, day: 28))
        #expect(ContactDate(year: 0, month: 1, day: 1) != ContactDate(month: 1, day: 1))
    }

    @Test func theCompactLayoutIsCompact() {
        #expect(MemoryLayout<ContactDate>.size == 16)
        #expect(MemoryLayout<ContactDate?>.size == 16)
        #expect(MemoryLayout<ContactFields>.size <= 208)
    }

    // MARK: Labeled values in 8 bytes, postal addresses with two texts out of line

    /// The all-inline labeled value that came before, with its synthesized conformances.
    struct InlineLabeledValue<Value: Hashable & Codable>: Hashable, Codable {
        var identifier: String
        var label: ContactLabel?
        var value: Value
    }

    struct InlinePostalAddress: Hashable, Codable {
        var street = ""
        var subLocality = ""
        var city = ""
        var subAdministrativeArea = ""
        var state = ""
        var postalCode = ""
        var country = ""
        var isoCountryCode = ""
    }

    static func inline<V>(_ entry: LabeledValue<V>) -> InlineLabeledValue<V> {
        InlineLabeledValue(identifier: entry.identifier, label: entry.label, value: entry.value)
    }

    static func inline(_ address: PostalAddress) -> InlinePostalAddress {
        InlinePostalAddress(street: address.street, subLocality: address.subLocality, city: address.city,
                            subAdministrativeArea: address.subAdministrativeArea, state: address.state,
                            postalCode: address.postalCode, country: address.country, isoCountryCode: address.isoCountryCode)
    }

    /// Every kind of label: none, standard, known to Apple but not a constant, custom (empty,
    /// look-alikes of standard ones, long, non-ASCII).
    static let labels: [ContactLabel?] = {
        let others: [ContactLabel] = [
            "_$!<Spouse>!$_", "_$!<OtherFAX>!$_", "Boat", "", "_$!<Home>!$_ ", "_$!<home>!$_", "_$!<Foo>!$_", "i", "iPhone2",
            "iCloud2", "Work (old)", "a label longer than fifteen bytes", "家", "_$!<Daughter>!$_",
        ]
        return [nil] + (ContactLabel.standard + others).map { $0 }
    }()

    static let identifiers = ["", "00000000000A1:M", "x", "an identifier longer than fifteen bytes"]

    static func hash(_ value: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(value)
        return hasher.finalize()
    }

    @Test func labeledValuesKeepLabelsAndIdentifiersExactly() throws {
        for label in Self.labels {
            for identifier in Self.identifiers {
                var entry = LabeledValue(label: label, value: PhoneNumber("+1 555 0100"))
                entry.identifier = identifier
                #expect(entry.label == label && entry.label?.rawValue == label?.rawValue)
                #expect(entry.identifier == identifier)
                let reference = InlineLabeledValue(identifier: identifier, label: label, value: PhoneNumber("+1 555 0100"))
                #expect(Self.inline(entry) == reference)
                #expect(Self.hash(entry) == Self.hash(reference))
                #expect(try Self.encodeAlike(entry, reference, sorted: true))
                #expect(try Self.encodeAlike(entry, reference, sorted: false))
                let decoded = try JSONDecoder().decode(LabeledValue<PhoneNumber>.self, from: JSONEncoder().encode(reference))
                #expect(decoded == entry && decoded.label?.rawValue == label?.rawValue && decoded.identifier == identifier)
                // Printed as the all-inline struct was.
                let printed = String(describing: entry), expected = String(describing: reference)
                #expect(printed.drop { $0 != "(" } == expected.drop { $0 != "(" })
            }
        }
    }

    @Test func labeledValuesDifferInEachPart() {
        for (i, a) in Self.labels.enumerated() {
            for (j, b) in Self.labels.enumerated() {
                for identifier in Self.identifiers {
                    var left = LabeledValue(label: a, value: "v")
                    var right = LabeledValue(label: b, value: "v")
                    left.identifier = identifier
                    right.identifier = identifier
                    #expect((left == right) == (i == j), "\(String(describing: a)) \(String(describing: b))")
                    if i == j { #expect(left.hashValue == right.hashValue) }
                }
            }
        }
        var saved = LabeledValue(label: .home, value: "v")
        saved.identifier = "1"
        var other = saved
        other.identifier = "2"
        #expect(saved != other)
        #expect(saved != LabeledValue(label: .home, value: "v"))
        #expect(saved != saved.settingValue("w"))
    }

    @Test func labeledValueEditsKeepTheIdentifier() {
        for label in Self.labels {
            var entry = LabeledValue(label: .work, value: "v")
            entry.identifier = "00000000000A1:M"
            entry.label = label
            #expect(entry.identifier == "00000000000A1:M" && entry.label == label)
            let relabelled = entry.settingLabel(.custom("Boat")).settingValue("w")
            #expect(relabelled.identifier == entry.identifier && relabelled.label == "Boat" && relabelled.value == "w")
            // Reached by edits, it equals the same entry made directly.
            var direct = LabeledValue(label: ContactLabel.custom("Boat"), value: "w")
            direct.identifier = entry.identifier
            #expect(relabelled == direct && relabelled.hashValue == direct.hashValue)
            var cleared = relabelled
            cleared.identifier = ""
            #expect(cleared == LabeledValue(label: "Boat", value: "w"))
        }
    }

    @Test func postalAddressesCompareHashAndEncodeAsInline() throws {
        let addresses = [
            PostalAddress(), PostalAddress(street: "1 Infinite Loop", city: "Cupertino"),
            PostalAddress(subLocality: "Shibuya"), PostalAddress(subAdministrativeArea: "Santa Clara County"),
            PostalAddress(street: "a", subLocality: "b", city: "c", subAdministrativeArea: "d", state: "e", postalCode: "f",
                          country: "g", isoCountryCode: "h"),
        ]
        for (i, address) in addresses.enumerated() {
            let reference = Self.inline(address)
            #expect(Self.hash(address) == Self.hash(reference))
            #expect(try Self.encodeAlike(address, reference, sorted: true))
            #expect(try Self.encodeAlike(address, reference, sorted: false))
            #expect(try JSONDecoder().decode(PostalAddress.self, from: JSONEncoder().encode(reference)) == address)
            #expect(String(describing: address).drop { $0 != "(" } == String(describing: reference).drop { $0 != "(" })
            for (j, other) in addresses.enumerated() { #expect((address == other) == (i == j)) }
            // Set and cleared through the setters, it is the same value.
            var edited = address
            edited.subLocality = "x"
            edited.subAdministrativeArea = "y"
            #expect(edited != address && edited.subLocality == "x" && edited.street == address.street)
            edited.subLocality = address.subLocality
            edited.subAdministrativeArea = address.subAdministrativeArea
            #expect(edited == address && edited.hashValue == address.hashValue)
        }
    }

    @Test func contactsHashTheirPartsInTheOldOrder() {
        let contact = Self.full
        var hasher = Hasher()
        hasher.combine(contact.identifier)
        hasher.combine(contact.contactType)
        hasher.combine(contact.fields)
        hasher.combine(contact.keys)
        #expect(Self.hash(contact) == hasher.finalize())
    }

    @Test func labeledValuesAndContactsAreSmaller() {
        #expect(MemoryLayout<LabeledValue<PhoneNumber>>.size == 24)
        #expect(MemoryLayout<LabeledValue<ContactDate>>.size == 24)
        #expect(MemoryLayout<PostalAddress>.size == 104)
        #expect(MemoryLayout<MutableContact>.size <= 224)
    }
}
