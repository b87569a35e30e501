import ContactCore
import Foundation
import PropertyBased
import Testing

/// Issue 47: `isoCountryCode` through a save, an export and an import (SPEC 12's round trip;
/// Decisions, "Country codes"). A save stores two ASCII letters lower-cased and refuses any
/// other text, so that what a store holds comes back from its own vCard.
@Suite("Country codes — save, export, import")
struct CountryCodeRoundTripTests {
    static let app = AppConfiguration(bundleIdentifier: "com.example.atlas", usageDescription: "Maps your contacts.")

    static func store() throws -> (ContactDevice, ContactStore) {
        let device = ContactDevice(seed: 47)
        try device.applySettings(.allowFull, to: app.bundleIdentifier)
        return (device, device.store(for: app))
    }

    static func contact(code: String) -> MutableContact {
        var contact = MutableContact()
        contact.givenName = "Ada"
        contact.postalAddresses = [LabeledValue(label: .home, value: PostalAddress(street: "1 Main St", city: "Springfield",
                                                                                    country: "Land", isoCountryCode: code))]
        return contact
    }

    static func add(_ contact: MutableContact, to store: ContactStore) throws -> String {
        var request = SaveRequest()
        let reference = request.add(contact)
        return try #require(try store.execute(request).identifier(for: reference))
    }

    static func codes(of identifier: String, in store: ContactStore) throws -> [String] {
        try store.unifiedContact(withIdentifier: identifier, keysToFetch: [.postalAddresses]).postalAddresses.map(\.value.isoCountryCode)
    }

    @Test(arguments: [("US", "us"), ("us", "us"), ("uS", "us"), ("", "")])
    func aCodeIsStoredLowerCasedAndComesBackFromItsVCard(given: String, stored: String) throws {
        let (_, store) = try Self.store()
        let identifier = try Self.add(Self.contact(code: given), to: store)
        #expect(try Self.codes(of: identifier, in: store) == [stored])

        let saved = try store.unifiedContact(withIdentifier: identifier, keysToFetch: ContactKey.allCases.filter { $0 != .note })
        let file = VCardSerialization.data(from: [saved])
        let text = String(decoding: file, as: UTF8.self)
        #expect(text.contains("X-ABADR") == !stored.isEmpty, "\(text)")
        let read = try VCardSerialization.read(file)
        #expect(read.report.ignoredPropertyNames["X-ABADR"] == nil)
        let savedAddresses = try saved.postalAddresses.map(\.value)
        #expect(read.contacts.map { $0.postalAddresses.map(\.value) } == [savedAddresses])

        // Imported into a store, it is the same contact again.
        let imported = try store.importVCard(file)
        #expect(try Self.codes(of: try #require(imported.identifiers.first), in: store) == [stored])
    }

    /// Any code an app may give: a save keeps two ASCII letters lower-cased and refuses any
    /// other text, and what it kept comes back from the store's own export and import.
    @Test func anyCodeIsStoredAsTheContractSaysAndComesBack() async {
        await propertyCheck(count: 300, input: VCardGen.countryCode) { code in
            do {
                let (_, store) = try Self.store()
                let stored = VCardGen.codeAsRead(code)
                guard let identifier = try? Self.add(Self.contact(code: code), to: store) else {
                    #expect(stored.isEmpty && !code.isEmpty, "\(code.debugDescription) was refused")
                    return
                }
                #expect(try Self.codes(of: identifier, in: store) == [stored], "\(code.debugDescription)")
                let saved = try store.unifiedContact(withIdentifier: identifier, keysToFetch: [.givenName, .postalAddresses])
                let imported = try store.importVCard(VCardSerialization.data(from: [saved]))
                #expect(try Self.codes(of: try #require(imported.identifiers.first), in: store) == [stored], "\(code.debugDescription)")
            } catch {
                Issue.record("\(code.debugDescription): \(error)")
            }
        }
    }

    @Test(arguments: ["usa", "u", "U.S.", " us", "us ", "ü", "日本", "u\u{0}", "12"])
    func anyOtherTextIsAValidationErrorAndNothingIsSaved(code: String) throws {
        let (device, store) = try Self.store()
        var request = SaveRequest()
        request.add(Self.contact(code: code))
        #expect {
            try store.execute(request)
        } throws: { error in
            guard let error = error as? ContactError else { return false }
            return error.code == .validationTypeMismatch && error.affectedKeys == [.postalAddresses]
        }
        #expect(device.allContactIdentifiers.isEmpty)
    }

    @Test func anUpdateStoresTheCodeLowerCasedAndRefusesABadOne() throws {
        let (_, store) = try Self.store()
        let identifier = try Self.add(Self.contact(code: "fr"), to: store)
        var edited = try store.unifiedContact(withIdentifier: identifier, keysToFetch: [.postalAddresses]).mutableCopy()
        edited.postalAddresses[0].value.isoCountryCode = "DE"
        var request = SaveRequest()
        request.update(edited)
        try store.execute(request)
        #expect(try Self.codes(of: identifier, in: store) == ["de"])

        edited.postalAddresses[0].value.isoCountryCode = "Deu"
        var bad = SaveRequest()
        bad.update(edited)
        #expect(throws: ContactError.self) { try store.execute(bad) }
        #expect(try Self.codes(of: identifier, in: store) == ["de"])
    }

    /// An unsaved contact is exported as a save would store it; text that is no code is written
    /// as it is, and the import counts it as an ignored `X-ABADR`.
    @Test func anUnsavedContactIsExportedAsASaveWouldStoreIt() throws {
        let upper = String(decoding: VCardSerialization.data(from: [Self.contact(code: "US")]), as: UTF8.self)
        #expect(upper.contains("X-ABADR:us\r\n") && !upper.contains("X-ABADR:US"), "\(upper)")
        let long = VCardSerialization.data(from: [Self.contact(code: "usa")])
        #expect(String(decoding: long, as: UTF8.self).contains("X-ABADR:usa\r\n"))
        let read = try VCardSerialization.read(long)
        #expect(read.contacts.first?.postalAddresses.first?.value.isoCountryCode == "")
        #expect(read.report.ignoredPropertyNames["X-ABADR"] == 1)
    }

    /// The person's own import and the CLI's `init --vcard` save through the same validation:
    /// a file's `X-ABADR:US` is stored as `us`.
    @Test func aPersonsImportStoresTheCodeLowerCased() throws {
        let device = ContactDevice(seed: 3)
        let file = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lee;Ann;;;\r\nitem1.ADR:;;1 Main;Town;;;\r\nitem1.X-ABADR:US\r\nEND:VCARD\r\n".utf8)
        let imported = try device.importPersonContacts(vCard: file)
        let found = try device.personContacts(for: ContactFetchRequest(predicate: .identifiers(imported.identifiers),
                                                                       keysToFetch: [.postalAddresses]))
        #expect(try found.map { try $0.postalAddresses.map(\.value.isoCountryCode) } == [["us"]])
    }
}
