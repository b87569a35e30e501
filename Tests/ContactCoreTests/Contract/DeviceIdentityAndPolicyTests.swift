import ContactCore
import Testing

/// SPEC 11: a token from another device is foreign, even from one with the same seed; SPEC 3:
/// Settings cannot change a restricted app, and only a limited app has a P to edit.
@Suite(.timeLimit(.minutes(1))) struct DeviceIdentityAndPolicyTests {
    static let app = AppConfiguration(bundleIdentifier: "com.example.sync", usageDescription: "Sync")

    static func device(identity: UInt64? = nil) throws -> (ContactDevice, ContactStore) {
        let device = ContactDevice(seed: 0, identity: identity)
        try device.applySettings(.allowFull, to: app.bundleIdentifier)
        let store = device.store(for: app)
        var request = SaveRequest()
        request.add(MutableContact())
        try store.execute(request)
        return (device, store)
    }

    @Test func twoDevicesWithTheSameSeedRefuseEachOthersTokens() throws {
        let (_, first) = try Self.device(), (_, second) = try Self.device()
        let token = try first.currentHistoryToken
        let history = try second.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token))
        #expect(history.fullSyncReason == .foreignToken)
        #expect(history.events.first == .dropEverything)
    }

    @Test func aGivenIdentityMakesTokensReplayExactly() throws {
        let (_, first) = try Self.device(identity: 42), (_, second) = try Self.device(identity: 42)
        #expect(try first.currentHistoryToken == second.currentHistoryToken)
        let delta = try second.changeHistory(for: ChangeHistoryFetchRequest(startingToken: try first.currentHistoryToken))
        #expect(delta.fullSyncReason == nil && delta.events.isEmpty)
    }

    @Test(arguments: [SettingsChange.allowFull, .deny, .allowLimited([]), .editPermittedSet(adding: [], removing: [])])
    func settingsCannotChangeARestrictedApp(_ change: SettingsChange) async throws {
        let (device, _) = try Self.device(identity: 1)
        let kids = AppConfiguration(bundleIdentifier: "com.example.kids", usageDescription: "Kids")
        try device.setRestricted(true, for: kids.bundleIdentifier)
        let changes = device.store(for: kids).changes()
        #expect(throws: ContactError.self) { try device.applySettings(change, to: kids.bundleIdentifier) }
        #expect((try? { () throws(ContactError) in try device.applySettings(change, to: kids.bundleIdentifier) }()) == nil)
        #expect(device.authorizationStatus(for: kids.bundleIdentifier) == .restricted)
        #expect(device.permittedIdentifiers(for: kids.bundleIdentifier).isEmpty)
        try device.setRestricted(false, for: kids.bundleIdentifier)   // a commit the app does hear
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() != nil, "only the lifting of the policy was heard")
    }

    @Test(arguments: [SettingsChange.allowFull, .deny])
    func onlyALimitedAppHasAPermittedSetToEdit(_ status: SettingsChange) throws {
        let (device, store) = try Self.device(identity: 1)
        let id = try store.contactIdentifiers(matching: .identifiers([])).first ?? device.allContactIdentifiers[0]
        try device.applySettings(status, to: Self.app.bundleIdentifier)
        let before = device.authorizationStatus(for: Self.app.bundleIdentifier)
        do {
            try device.applySettings(.editPermittedSet(adding: [id], removing: []), to: Self.app.bundleIdentifier)
            Issue.record("editing P of a \(before) app was allowed")
        } catch {
            #expect(error.code == .policyViolation)
        }
        #expect(device.authorizationStatus(for: Self.app.bundleIdentifier) == before)
        #expect(device.permittedIdentifiers(for: Self.app.bundleIdentifier).isEmpty)
    }
}
