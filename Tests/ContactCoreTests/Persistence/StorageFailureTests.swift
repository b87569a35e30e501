import Foundation
import Synchronization
import Testing
@testable import ContactCore

/// A storage whose writes fail while `failing` is set: the disk is full.
final class FailingStorage: DeviceStorage {
    let failing = Mutex(true)
    let writes = Mutex(0)
    var path: String? { nil }

    func write(_ changes: StorageWrite) throws(ContactError) {
        if failing.withLock({ $0 }) { throw ContactError(.storageFailed, "The disk is full.") }
        writes.withLock { $0 += 1 }
    }

    func close() {}
}

/// SPEC 13 with SPEC 6: a commit whose write fails throws, and the device is exactly as it
/// was — every kind of commit, through the one hook every back end uses.
@Suite("SPEC 13 — a failed write changes nothing")
struct StorageFailureTests {
    /// Runs `commit` with failing storage, checks that nothing changed and nobody heard of
    /// it, then runs it again with working storage and checks that it commits.
    func check(_ name: String, _ fixture: Fixture, _ commit: () throws -> Void) throws {
        let storage = FailingStorage()
        try fixture.device.attachStorage { _ in storage }
        let heard = Mutex(0)
        fixture.owner.observeChangesSynchronously { _ in heard.withLock { $0 += 1 } }
        let before = fixture.snapshot()
        let containers = fixture.device.containers
        #expect(contactError(commit)?.code == .storageFailed, "\(name) did not report the failed write")
        #expect(fixture.snapshot() == before, "\(name) changed the device although its write failed")
        #expect(fixture.device.containers == containers)
        #expect(heard.withLock { $0 } == 0, "\(name) notified although nothing committed")
        storage.failing.withLock { $0 = false }
        try commit()
        #expect(storage.writes.withLock { $0 } == 1, "\(name) is not one write")
        #expect(fixture.snapshot() != before || fixture.device.containers != containers, "\(name) changed nothing")
    }

    @Test func aSave() throws {
        let fixture = try Fixture()
        try check("a save", fixture) {
            var request = SaveRequest()
            let group = request.add(MutableGroup(name: "Friends"))
            request.addMember(.saved(fixture.id("John")), to: group)
            var kate = try fixture.owner.unifiedContact(withIdentifier: fixture.id("Kate"), keysToFetch: [.givenName]).mutableCopy()
            kate.givenName = "Katie"
            request.update(kate)
            request.deleteContact(.saved(fixture.id("Anna")))
            request.add(MutableContact())
            try fixture.owner.execute(request)
        }
    }

    @Test func aSaveWhoseNetChangeIsNothingStillKeepsItsIdentifiersUsed() throws {
        let fixture = try Fixture()
        try check("an add deleted again", fixture) {
            var request = SaveRequest()
            request.deleteContact(request.add(MutableContact()))
            try fixture.owner.execute(request)
        }
    }

    @Test func aSettingsChange() throws {
        let fixture = try Fixture()
        try check("Settings", fixture) { try fixture.device.applySettings(.allowLimited([fixture.id("John")]), to: "owner") }
    }

    @Test func aPolicyChange() throws {
        let fixture = try Fixture()
        try check("device policy", fixture) { try fixture.device.setRestricted(true, for: "owner") }
    }

    @Test func aPromptAnswer() throws {
        let fixture = try Fixture()
        let app = try fixture.app("asks")
        fixture.device.setPromptResponder { _ in .allowLimited([fixture.id("Kate")]) }
        try check("a prompt answer", fixture) { try app.requestAccess() }
        #expect(app.authorizationStatus == .limited)
    }

    @Test func anAccessPickerGrant() throws {
        let fixture = try Fixture()
        let app = try fixture.app("picks", .allowLimited([]))
        fixture.device.setPickerResponder { _ in AccessPickerSelection(adding: [fixture.id("Anna")]) }
        try check("a picker grant", fixture) { _ = try app.presentContactAccessPicker() }
    }

    @Test func anAccessButtonGrant() throws {
        let fixture = try Fixture()
        let app = try fixture.app("taps", .allowLimited([]))
        let placement = ContactAccessButton.Placement(
            frame: .init(x: 0, y: 100, width: 360, height: 60), visibleRegion: .init(x: 0, y: 0, width: 390, height: 844))
        try check("a button grant", fixture) {
            let outcome = fixture.device.tapContactAccessButton(
                ContactAccessButton(queryString: "Anna"), in: app, placement: placement, event: .validatedTouch)
            if case .refused(.storageFailed(let error)) = outcome { throw error }
            #expect(outcome == .approved([fixture.id("Anna")]))
        }
    }

    @Test func aNewContainer() throws {
        let fixture = try Fixture()
        try check("a container", fixture) { try fixture.device.addContainer(name: "Work", kind: .cardDAV) }
    }
}
