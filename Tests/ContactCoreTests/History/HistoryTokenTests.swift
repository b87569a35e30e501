import ContactCore

import Testing

/// SPEC 11's token rules, one case each: what a fetch answers for every kind of token.
@Suite("SPEC 11 — history tokens")
struct HistoryTokenTests {
    /// A device after setup and two saves, with its full app.
    static func device(seed: UInt64 = HistoryDevice.seed, limit: Int = 100, saves: Int = 2) -> HistoryDevice {
        var device = HistoryDevice(seed: seed, historyLimit: limit)
        for _ in 0..<saves { device.perform(.init(.addContact)) }
        return device
    }

    static func reason(_ token: HistoryToken?, on device: HistoryDevice) throws -> FullSyncReason? {
        try device.full.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token)).fullSyncReason
    }

    @Test func aTokenItGaveAndStillKeepsGivesTheChanges() throws {
        let device = Self.device()
        let token = try device.full.currentHistoryToken
        var later = device
        later.perform(.init(.addContact))
        let history = try later.full.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token))
        #expect(history.fullSyncReason == nil)
        #expect(history.events.count == 1)
        #expect(history.currentToken == (try later.full.currentHistoryToken))
    }

    @Test func everyBadTokenIsAFullSyncForItsReason() throws {
        let device = Self.device()
        let current = try device.full.currentHistoryToken
        let foreign = try Self.device(seed: HistoryDevice.seed + 1).full.currentHistoryToken
        let future = try Self.device(saves: 5).full.currentHistoryToken
        var damaged = current.bytes
        damaged[12] ^= 0x01
        #expect(try Self.reason(nil, on: device) == .noToken)
        #expect(try Self.reason(HistoryToken(bytes: []), on: device) == .malformedToken)
        #expect(try Self.reason(HistoryToken(bytes: current.bytes.dropLast()), on: device) == .malformedToken)
        #expect(try Self.reason(HistoryToken(bytes: current.bytes + [0]), on: device) == .malformedToken)
        #expect(try Self.reason(HistoryToken(bytes: damaged), on: device) == .malformedToken)
        #expect(try Self.reason(HistoryToken(bytes: [2] + current.bytes.dropFirst()), on: device) == .malformedToken)
        #expect(try Self.reason(foreign, on: device) == .foreignToken)
        #expect(try Self.reason(future, on: device) == .futureToken)
        #expect(try Self.reason(.limitedAccess, on: device) == .accessUpgraded)
        #expect(try Self.reason(current, on: device) == nil)
    }

    @Test func aTokenExpiresOnceTheHistoryNoLongerReachesIt() throws {
        var device = Self.device(limit: 3, saves: 0)
        let token = try device.full.currentHistoryToken
        for _ in 0..<3 { device.perform(.init(.addContact)) }
        #expect(try Self.reason(token, on: device) == nil)
        device.perform(.init(.addContact))
        #expect(try Self.reason(token, on: device) == .expiredToken)
        let history = try device.full.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token))
        #expect(history.events.first == .dropEverything)
        #expect(history.events.count == 1 + 4)
    }

    /// A single changed byte anywhere, even one bit, makes a token malformed: the checksum
    /// covers every byte before it, and every byte of it is compared.
    @Test func everyOneBitDamageIsMalformed() throws {
        let device = Self.device()
        let token = try device.full.currentHistoryToken
        for index in token.bytes.indices {
            for bit in 0..<8 {
                var bytes = token.bytes
                bytes[index] ^= 1 << bit
                #expect(try Self.reason(HistoryToken(bytes: bytes), on: device) == .malformedToken, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test func theSameSeedIdentityAndCallsGiveTheSameTokens() throws {
        let first = Self.device(saves: 3)
        let second = Self.device(saves: 3)
        #expect(try first.full.currentHistoryToken == (try second.full.currentHistoryToken))
        #expect(try first.full.currentHistoryToken != (try Self.device(saves: 2).full.currentHistoryToken))
    }

    @Test func aLimitedAppGetsTheLimitedTokenAndAlwaysAFullSync() throws {
        var device = Self.device()
        device.perform(.init(.share(0)))
        #expect(try device.limited.currentHistoryToken == .limitedAccess)
        let fullToken = try device.full.currentHistoryToken
        for token in [nil, .limitedAccess, fullToken, HistoryToken(bytes: [9])] as [HistoryToken?] {
            let history = try device.limited.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token))
            #expect(history.fullSyncReason == .limitedAccess)
            #expect(history.currentToken == .limitedAccess)
            #expect(history.events.map(\.viewKey) == [nil, .contact(device.contacts[0])])
        }
    }

    @Test func theLimitedTokenAfterAnUpgradeForcesOneFullSync() throws {
        var device = Self.device()
        device.perform(.init(.share(1)))
        let limitedToken = try device.limited.currentHistoryToken
        try device.device.applySettings(.allowFull, to: HistoryDevice.limitedApp.bundleIdentifier)
        let upgrade = try device.limited.changeHistory(for: ChangeHistoryFetchRequest(startingToken: limitedToken))
        #expect(upgrade.fullSyncReason == .accessUpgraded)
        #expect(upgrade.events.count == 1 + 2)
        #expect(upgrade.currentToken == (try device.full.currentHistoryToken))
        device.perform(.init(.addContact))
        let next = try device.limited.changeHistory(for: ChangeHistoryFetchRequest(startingToken: upgrade.currentToken))
        #expect(next.fullSyncReason == nil)
        #expect(next.events.map(\.viewKey) == [.contact(device.contacts[2])])
    }

    @Test func withoutAccessThereIsNoTokenAndNoHistory() throws {
        let device = Self.device()
        try device.device.applySettings(.deny, to: HistoryDevice.limitedApp.bundleIdentifier)
        #expect(throws: ContactError.self) { try device.limited.currentHistoryToken }
        #expect(throws: ContactError.self) { try device.limited.changeHistory(for: ChangeHistoryFetchRequest()) }
        let error = contactError { _ = try device.limited.changeHistory(for: ChangeHistoryFetchRequest()) }
        #expect(error?.code == .authorizationDenied)
    }

    @Test func theNoteNeedsTheNotesEntitlement() throws {
        let device = Self.device()
        let error = contactError {
            _ = try device.full.changeHistory(for: ChangeHistoryFetchRequest(additionalContactKeys: [.note]))
        }
        #expect(error?.code == .unauthorizedKeys)
    }
}
