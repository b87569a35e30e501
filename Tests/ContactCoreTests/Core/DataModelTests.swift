import Foundation
import Testing
@testable import ContactCore

/// SPEC 2: the data model, identifiers and keys to fetch.
@Suite("SPEC 2 — data model")
struct DataModelTests {
    @Test func identifiersAreAssignedDeterministicallyFromTheSeed() throws {
        let first = try Fixture(seed: 42)
        let second = try Fixture(seed: 42)
        let other = try Fixture(seed: 43)
        #expect(first.people == second.people)
        #expect(first.people != other.people)
    }

    @Test func identifiersAreNeverReusedAfterDeletion() throws {
        let fixture = try Fixture()
        var request = SaveRequest()
        request.deleteContact(.saved(fixture.id("John")))
        try fixture.owner.execute(request)
        var add = SaveRequest()
        let reference = add.add(MutableContact())
        let result = try fixture.owner.execute(add)
        let identifier = try #require(result.identifier(for: reference))
        #expect(!fixture.people.values.contains(identifier))
    }

    @Test func identifierGeneratorNeverRepeatsWithinAStore() {
        var generator = IdentifierGenerator(seed: 0)
        var seen = Set<String>()
        for _ in 0..<10_000 { #expect(seen.insert(generator.next(.contact)).inserted) }
    }

    /// 15 ASCII bytes at most, the size a `String` keeps without a heap object (issue 29's
    /// memory and search figures rest on it), and the kind readable at the end.
    @Test func generatedIdentifiersAreShortAndSayTheirKind() {
        var generator = IdentifierGenerator(seed: 7)
        let kinds: [(IdentifierGenerator.Kind, String)] = [(.contact, ":P"), (.group, ":G"), (.container, ":A"), (.labeledValue, ":M")]
        for _ in 0..<1_000 {
            for (kind, suffix) in kinds {
                let identifier = generator.next(kind)
                #expect(identifier.utf8.count <= 15 && identifier.utf8.allSatisfy { $0 < 0x80 })
                #expect(identifier.hasSuffix(suffix) && ContactIdentifier.isWellFormed(identifier))
            }
        }
    }

    @Test func identifiersCompareByScalarsNotCanonicalEquivalence() {
        #expect("\u{212A}" == "K", "Swift's String equality is canonical")
        #expect(!ContactIdentifier.areEqual("\u{212A}", "K"))
        #expect(ContactIdentifier.precedes("B", "a"), "UTF-8 byte order, not alphabetical")
        #expect(ContactIdentifier.decode([0xFF, 0xFE]) == nil)
        #expect(!ContactIdentifier.isWellFormed(""))
        #expect(!ContactIdentifier.isWellFormed(String(repeating: "a", count: 257)))
        #expect(ContactIdentifier.isWellFormed(String(repeating: "a", count: 256)))
    }

    @Test func fetchedContactCarriesOnlyTheRequestedKeys() throws {
        let fixture = try Fixture()
        let contact = try fixture.owner.unifiedContact(withIdentifier: fixture.id("Kate"), keysToFetch: [.givenName])
        #expect(try contact.givenName == "Kate")
        #expect(contact.isKeyAvailable(.givenName))
        #expect(!contact.isKeyAvailable(.familyName))
        #expect(contact.areKeysAvailable([.givenName]))
        #expect(!contact.areKeysAvailable([.givenName, .emailAddresses]))
        #expect(contact.availableKeys == [.givenName])
        #expect(contact.contactType == .person)
    }

    @Test func readingAnUnfetchedKeyIsATypedError() throws {
        let fixture = try Fixture()
        let contact = try fixture.owner.unifiedContact(withIdentifier: fixture.id("Kate"), keysToFetch: [.givenName])
        let error = contactError { _ = try contact.familyName }
        #expect(error?.code == .propertyNotFetched)
        #expect(error?.affectedKeys == [.familyName])
        #expect(contactError { _ = try contact.phoneNumbers }?.code == .propertyNotFetched)
    }

    @Test func labeledValuesGetStableIdentifiersOnSave() throws {
        let fixture = try Fixture()
        let before = try fixture.owner.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.phoneNumbers])
        let original = try #require(try before.phoneNumbers.first)
        #expect(!original.identifier.isEmpty)

        var edit = before.mutableCopy()
        edit.phoneNumbers = [original.settingValue("+44 20 7946 0000"), LabeledValue(label: "Boat", value: "555 0100")]
        var request = SaveRequest()
        request.update(edit)
        try fixture.owner.execute(request)

        let after = try fixture.owner.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.phoneNumbers])
        let numbers = try after.phoneNumbers
        #expect(numbers.count == 2)
        #expect(numbers[0].identifier == original.identifier, "an edited entry keeps its identifier")
        #expect(numbers[1].identifier != original.identifier)
        #expect(!numbers[1].identifier.isEmpty)
        #expect(numbers[1].label == "Boat")
        #expect(ContactLabel.mobile.isStandard && !ContactLabel.custom("Boat").isStandard)
    }

    @Test func everyFieldRoundTrips() throws {
        let fixture = try Fixture()
        var contact = MutableContact(contactType: .organization)
        contact.namePrefix = "Dr."
        contact.middleName = "Q"
        contact.previousFamilyName = "Old"
        contact.nameSuffix = "Jr."
        contact.nickname = "Nick"
        contact.phoneticGivenName = "Phon"
        contact.organizationName = "Apple"
        contact.departmentName = "Contacts"
        contact.jobTitle = "Engineer"
        contact.postalAddresses = [LabeledValue(label: .home, value: PostalAddress(street: "1 Infinite Loop", city: "Cupertino"))]
        contact.urlAddresses = [LabeledValue(label: .homePage, value: "https://example.com")]
        contact.socialProfiles = [LabeledValue(value: SocialProfile(username: "jo", service: "Mastodon"))]
        contact.instantMessageAddresses = [LabeledValue(value: InstantMessageAddress(username: "jo", service: "Jabber"))]
        contact.contactRelations = [LabeledValue(label: "sister", value: ContactRelation(name: "Ann"))]
        contact.birthday = ContactDate(year: 1990, month: 2, day: 28)
        contact.nonGregorianBirthday = ContactDate(calendar: "chinese", month: 13, day: 1)
        contact.dates = [LabeledValue(label: .anniversary, value: ContactDate(month: 6, day: 1))]
        contact.imageData = Data([1, 2, 3])
        contact.thumbnailImageData = Data([4])
        var request = SaveRequest()
        let reference = request.add(contact)
        let identifier = try #require(try fixture.owner.execute(request).identifier(for: reference))

        let fetched = try fixture.owner.unifiedContact(withIdentifier: identifier, keysToFetch: ContactKey.allCases.filter { $0 != .note })
        #expect(fetched.contactType == .organization)
        #expect(try fetched.namePrefix == "Dr." && fetched.nameSuffix == "Jr." && fetched.nickname == "Nick")
        #expect(try fetched.organizationName == "Apple" && fetched.jobTitle == "Engineer")
        #expect(try fetched.postalAddresses.first?.value.city == "Cupertino")
        #expect(try fetched.birthday == ContactDate(year: 1990, month: 2, day: 28))
        #expect(try fetched.nonGregorianBirthday?.month == 13)
        #expect(try fetched.imageData == Data([1, 2, 3]))
        #expect(try fetched.contactRelations.first?.value.name == "Ann")
    }

    @Test func oneDefaultLocalContainerExists() throws {
        let fixture = try Fixture()
        let containers = try fixture.owner.containers()
        #expect(containers.count == 1)
        #expect(containers.first?.kind == .local)
        #expect(containers.first?.identifier == fixture.owner.defaultContainerIdentifier)
        let exchange = try fixture.device.addContainer(name: "Work", kind: .exchange)
        #expect(try fixture.owner.containers().map(\.identifier) == [fixture.owner.defaultContainerIdentifier, exchange.identifier])
        #expect(try fixture.owner.containers(matching: .ofContact(identifier: fixture.id("John"))).map(\.kind) == [.local])
    }

    @Test func unknownKeyNamesAreTypedErrors() {
        #expect(throws: ContactError.self) { try ContactKey(named: "shoeSize") }
        #expect(contactError { _ = try ContactKey(named: "") }?.code == .unknownKey)
        #expect((try? ContactKey(named: "givenName")) == .givenName)
    }

    @Test func noteNeedsTheEntitlement() throws {
        let fixture = try Fixture()
        let plain = try fixture.app("plain", .allowFull)
        let entitled = try fixture.app("notes", .allowFull, notes: true)
        let error = contactError { _ = try plain.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.note]) }
        #expect(error?.code == .unauthorizedKeys)
        #expect(error?.affectedKeys == [.note])
        #expect(throws: ContactError.self) { try plain.unifiedContacts(matching: .name("John"), keysToFetch: [.note]) }

        var contact = MutableContact()
        contact.note = "private"
        var request = SaveRequest()
        request.add(contact)
        #expect(contactError { _ = try plain.execute(request) }?.code == .unauthorizedKeys)
        let reference = request.add(contact)
        let identifier = try #require(try entitled.execute(request).identifier(for: reference))
        #expect(try entitled.unifiedContact(withIdentifier: identifier, keysToFetch: [.note]).note == "private")
    }

    @Test func aNewContactWithoutANoteSavesWithoutTheEntitlement() throws {
        let fixture = try Fixture()
        let plain = try fixture.app("plain", .allowFull)
        var contact = MutableContact()
        contact.givenName = "Nobody"
        var request = SaveRequest()
        request.add(contact)
        #expect(throws: Never.self) { try plain.execute(request) }
    }
}

@Suite("Key sets")
struct ContactKeySetTests {
    @Test func everyKeyHasItsOwnBitInDeclarationOrder() {
        for (index, key) in ContactKey.allCases.enumerated() {
            #expect(ContactKeySet(key).rawValue == 1 << UInt32(index))
        }
        #expect(ContactKeySet.all.keys == ContactKey.allCases)
        #expect(ContactKeySet([.note, .givenName]).keys == [.givenName, .note])
        #expect(ContactKeySet().keys.isEmpty)
    }
}
