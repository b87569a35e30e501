import Foundation
import Testing
@testable import ContactCore

/// SPEC 12 through the store: a device that starts from a file, an app's import as one save
/// request under SPEC 3 and 4, and an export of only what the app may see.
@Suite("VCard through the store")
struct VCardStoreTests {
    static let file = vcard(
        "BEGIN:VCARD", "VERSION:3.0", "N:Bell;Kate;;;", "TEL;TYPE=CELL:555-0100", "NOTE:private", "END:VCARD",
        "BEGIN:VCARD", "VERSION:3.0", "N:Higgins;Daniel;;;", "EMAIL;TYPE=HOME:d@x", "END:VCARD")

    @Test func aDeviceStartsFromTheFile() throws {
        let device = try ContactDevice(seed: 3, vCard: try VCardFixtures.data("apple-3.0.vcf"))
        #expect(device.allContactIdentifiers.count == 2)
        let app = device.store(for: AppConfiguration(bundleIdentifier: "app", usageDescription: "u", hasNotesEntitlement: true))
        try device.applySettings(.allowFull, to: "app")
        let contacts = try app.unifiedContacts(matching: .name("Appleseed"), keysToFetch: ContactKey.allCases)
        #expect(contacts.count == 1)
        #expect(try contacts.first?.note == "Met at WWDC, 2019.\nLikes apples; pears too.")
        // The person's own export reads back as the file did.
        let original = try VCardFixtures.contacts("apple-3.0.vcf")
        #expect(try VCardSerialization.contacts(from: device.vCardData()) == original)
    }

    @Test func aBadFileMakesNoDevice() {
        #expect(throws: VCardImportError.self) { try ContactDevice(vCard: vcard("BEGIN:VCARD", "FN:x")) }
    }

    @Test func anAuthorizedAppImportsInOneSaveRequest() throws {
        let fixture = try Fixture()
        let app = try fixture.app("importer", .allowFull, notes: true)
        let before = fixture.snapshot()
        let imported = try app.importVCard(Self.file, transactionAuthor: "vcard-import")
        #expect(imported.identifiers.count == 2 && imported.report.cardsRead == 2)
        #expect(fixture.snapshot().historyCount == before.historyCount + 1)
        let kate = try app.unifiedContact(withIdentifier: imported.identifiers[0], keysToFetch: [.givenName, .note])
        #expect(try kate.givenName == "Kate" && kate.note == "private")
    }

    @Test func aLimitedAppsImportsJoinItsPermittedSet() throws {
        let fixture = try Fixture()
        let app = try fixture.app("limited", .allowLimited([fixture.id("John")]))
        let imported = try app.importVCard(Self.file)
        #expect(fixture.device.permittedIdentifiers(for: "limited") == Set(imported.identifiers + [fixture.id("John")]))
        let visible = try app.contacts(for: ContactFetchRequest(keysToFetch: [.givenName])).map { try $0.givenName }
        #expect(Set(visible) == ["Kate", "Daniel", "John"])
        // Its export is its permitted set, and only the keys it fetched.
        let exported = try VCardSerialization.contacts(from: app.vCardData(keysToFetch: [.givenName, .familyName]))
        #expect(Set(exported.map(\.givenName)) == ["John", "Kate", "Daniel"])
        #expect(exported.allSatisfy { $0.phoneNumbers.isEmpty && $0.emailAddresses.isEmpty })
    }

    @Test func withoutTheNotesEntitlementNotesAreLeftOut() throws {
        let fixture = try Fixture()
        let app = try fixture.app("plain", .allowFull)
        let imported = try app.importVCard(Self.file)
        #expect(imported.report.ignoredPropertyNames["NOTE"] == 1)
        let stored = fixture.device.state.withLock { $0.contacts[imported.identifiers[0]]?.fields.note }
        #expect(stored == "")
        #expect(throws: ContactError.self) { try app.vCardData(keysToFetch: [.givenName, .note]) }
        let entitled = try fixture.app("entitled", .allowFull, notes: true)
        let exported = try entitled.vCardData(keysToFetch: [.givenName, .note])
        #expect(!String(decoding: exported, as: UTF8.self).contains("NOTE"))
    }

    @Test func aDeniedAppImportsNothing() throws {
        let fixture = try Fixture()
        let app = try fixture.app("denied", .deny)
        let before = fixture.snapshot()
        #expect(throws: VCardImportError.store(.authorizationDenied)) { try app.importVCard(Self.file) }
        #expect(fixture.snapshot() == before)
    }

    @Test func aBadFileSavesNothing() throws {
        let fixture = try Fixture()
        let app = try fixture.app("importer", .allowFull)
        let before = fixture.snapshot()
        let bad = vcard("BEGIN:VCARD", "FN:ok", "END:VCARD", "BEGIN:VCARD", "BDAY:never", "END:VCARD")
        do {
            try app.importVCard(bad)
            Issue.record("expected an error")
        } catch {
            if case .invalidVCard(let reason) = error {
                #expect(reason.code == .invalidDate && reason.card == 1 && reason.line == 5)
            } else {
                Issue.record("\(error)")
            }
        }
        #expect(fixture.snapshot() == before)
    }

    @Test func aNotDeterminedAppIsAskedFirst() throws {
        let fixture = try Fixture()
        let app = try fixture.app("new")
        fixture.device.setPromptResponder { _ in .allowLimited([]) }
        let imported = try app.importVCard(Self.file)
        #expect(app.authorizationStatus == .limited)
        #expect(fixture.device.permittedIdentifiers(for: "new") == Set(imported.identifiers))
    }
}
