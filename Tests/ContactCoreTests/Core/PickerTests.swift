import Testing
@testable import ContactCore

/// SPEC 9 and 9b: the access picker and the one-time contact picker.
@Suite("SPEC 9 — pickers")
struct PickerTests {
    /// The person adds and removes `selection` at the access picker the store presents.
    static func pick(_ store: ContactStore, _ fixture: Fixture, _ selection: AccessPickerSelection) throws -> [String] {
        fixture.device.setPickerResponder { _ in selection }
        return try store.presentContactAccessPicker()
    }

    /// The person chooses `chosen` at the one-time contact picker the store presents.
    static func choose(_ store: ContactStore, _ fixture: Fixture, keys: [ContactKey], _ chosen: [String]) throws -> [Contact] {
        fixture.device.setPickerResponder { presentation in
            #expect(presentation == PickerPresentation(bundleIdentifier: store.app.bundleIdentifier, kind: .contactPicker))
            return AccessPickerSelection(adding: chosen)
        }
        return try store.presentContactPicker(keys: keys)
    }

    @Test func withoutAPersonAnsweringThePickersChooseNothing() throws {
        let fixture = try Fixture()
        let store = try fixture.app("limited", .allowLimited([]))
        #expect(try store.presentContactAccessPicker().isEmpty)
        #expect(try store.presentContactPicker(keys: []).isEmpty)
        #expect(fixture.device.permittedIdentifiers(for: "limited").isEmpty)
    }

    @Test func accessPickerReturnsOnlyNewlyGrantedIdentifiers() throws {
        let fixture = try Fixture()
        let store = try fixture.app("limited", .allowLimited([fixture.id("Kate")]))
        let granted = try Self.pick(store, fixture, AccessPickerSelection(
            adding: [fixture.id("Kate"), fixture.id("John"), "ghost", fixture.id("John")]))
        #expect(granted == [fixture.id("John")], "Kate was already permitted; ghost does not exist")
        #expect(fixture.device.permittedIdentifiers(for: "limited") == [fixture.id("Kate"), fixture.id("John")])
    }

    @Test func accessPickerRemovalsShrinkThePermittedSetAndAreNotReported() throws {
        let fixture = try Fixture()
        let store = try fixture.app("limited", .allowLimited([fixture.id("Kate"), fixture.id("John")]))
        let granted = try Self.pick(store, fixture, AccessPickerSelection(adding: [fixture.id("Anna")], removing: [fixture.id("Kate")]))
        #expect(granted == [fixture.id("Anna")])
        #expect(fixture.device.permittedIdentifiers(for: "limited") == [fixture.id("John"), fixture.id("Anna")])
        #expect(try store.unifiedContacts(matching: .identifiers([fixture.id("Kate")]), keysToFetch: []).isEmpty)
    }

    @Test func addedThenRemovedInOneSessionIsNotNewlyGranted() throws {
        let fixture = try Fixture()
        let store = try fixture.app("limited", .allowLimited([]))
        let granted = try Self.pick(store, fixture, AccessPickerSelection(adding: [fixture.id("Anna")], removing: [fixture.id("Anna")]))
        #expect(granted.isEmpty)
        #expect(fixture.device.permittedIdentifiers(for: "limited").isEmpty)
    }

    @Test(arguments: [SettingsChange.allowFull, .deny])
    func accessPickerIsOnlyForLimitedApps(_ change: SettingsChange) throws {
        let fixture = try Fixture()
        let store = try fixture.app("app", change)
        #expect(try Self.pick(store, fixture, AccessPickerSelection(adding: [fixture.id("John")])).isEmpty)
        #expect(fixture.device.permittedIdentifiers(for: "app").isEmpty)
        let undetermined = try fixture.app("new")
        #expect(try Self.pick(undetermined, fixture, AccessPickerSelection(adding: [fixture.id("John")])).isEmpty)
        #expect(undetermined.authorizationStatus == .notDetermined)
    }

    @Test(arguments: [SettingsChange.deny, .allowLimited([]), .allowFull])
    func oneTimePickerWorksAtEveryStatusAndGrantsNothing(_ change: SettingsChange) throws {
        let fixture = try Fixture()
        let store = try fixture.app("app", change)
        let statusBefore = store.authorizationStatus
        let snapshot = try Self.choose(store, fixture, keys: [.givenName], [fixture.id("John"), fixture.id("John"), "ghost"])
        #expect(snapshot.map(\.identifier) == [fixture.id("John")])
        #expect(try snapshot.first?.givenName == "John")
        #expect(contactError { _ = try snapshot.first?.emailAddresses }?.code == .propertyNotFetched)
        #expect(store.authorizationStatus == statusBefore)
        #expect(fixture.device.permittedIdentifiers(for: "app").isEmpty)
        if statusBefore == .limited {
            #expect(try store.unifiedContacts(matching: .identifiers([fixture.id("John")]), keysToFetch: []).isEmpty,
                    "the snapshot does not make later fetches succeed")
        }
    }

    @Test func oneTimePickerNeverPromptsFromNotDetermined() throws {
        let fixture = try Fixture()
        fixture.device.setPromptResponder { _ in .allowFull }
        let store = try fixture.app("new")
        _ = try Self.choose(store, fixture, keys: [], [fixture.id("Kate")])
        #expect(store.authorizationStatus == .notDetermined)
    }
}
