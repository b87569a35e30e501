import Synchronization
import Testing
@testable import ContactCore

/// `ContactDevice.reset(to:)`: the fuzzers start each program on a device they keep, reset to
/// a cached start. Whatever the reset leaves behind would leak from one program into the next.
@Suite("Device reset (harness)")
struct DeviceResetTests {
    @Test func aResetDeviceHoldsExactlyWhatTheOtherHoldsAndKeepsItsObservers() throws {
        let kept = try Fixture(seed: 7)
        let start = try Fixture(seed: 9, names: [("Zed", "Zulu")])
        let heard = Mutex(0)
        kept.owner.observeChangesSynchronously { _ in heard.withLock { $0 += 1 } }
        kept.device.setPromptResponder { _ in .allowFull }
        let prompted = try kept.app("prompted")
        kept.device.setPickerResponder { _ in AccessPickerSelection(adding: ["chosen"]) }
        let startBefore = start.snapshot()

        kept.device.reset(to: start.device)

        #expect(kept.snapshot() == startBefore)
        // The responders are gone: nobody answers the prompt.
        #expect(contactError { _ = try prompted.requestAccess() }?.code == .authorizationDenied)
        #expect(kept.device.personChooses(.accessPicker, for: "prompted").adding.isEmpty)
        // The store made before the reset still works, and its observer still hears commits.
        var request = SaveRequest()
        var contact = MutableContact()
        contact.givenName = "New"
        request.add(contact)
        _ = try kept.owner.execute(request)
        #expect(heard.withLock { $0 } == 1)
        let names = try kept.owner.contacts(for: ContactFetchRequest(keysToFetch: [.givenName])).map { try $0.givenName }
        #expect(names.sorted() == ["New", "Zed"])
        // The other device did not change with it.
        #expect(start.snapshot() == startBefore)
    }

    /// The runner skips its final sweep when a program left the device's write count where its
    /// start had it: the count must move on every write, a failed save's undone ones included,
    /// and on no read.
    @Test func everyWriteAndNoReadMovesTheWriteCount() throws {
        let fixture = try Fixture(seed: 7)
        let device = fixture.device
        let limited = try fixture.app("limited", .allowLimited([fixture.id("Kate")]))
        var count = device.recordWrites
        func moved(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(device.recordWrites > count, "\(what) did not move the write count", sourceLocation: sourceLocation)
            count = device.recordWrites
        }
        func still(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(device.recordWrites == count, "\(what) moved the write count", sourceLocation: sourceLocation)
        }

        _ = try fixture.owner.contacts(for: ContactFetchRequest(predicate: .name("kate"), keysToFetch: [.givenName, .phoneNumbers]))
        _ = try limited.contacts(for: ContactFetchRequest(keysToFetch: [.givenName]))
        _ = try fixture.owner.groups()
        _ = device.checkInvariants()
        _ = try fixture.owner.currentHistoryToken
        still("reading")

        // A save whose second step fails: the first step's write is made and undone.
        var failing = SaveRequest()
        var copy = try fixture.owner.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.givenName]).mutableCopy()
        copy.givenName = "Johnny"
        failing.update(copy)
        failing.deleteContact(.saved("no such contact"))
        #expect(contactError { _ = try fixture.owner.execute(failing) }?.code == .recordDoesNotExist)
        moved("a failed save")
        #expect(try fixture.owner.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.givenName]).givenName == "John")

        var group = SaveRequest()
        group.add(MutableGroup(name: "Friends"))
        _ = try fixture.owner.execute(group)
        moved("adding a group")
        try device.applySettings(.editPermittedSet(adding: [fixture.id("Anna")], removing: []), to: "limited")
        moved("a Settings change")
        #expect(device.copy().recordWrites == count, "a copy starts from another count")
    }
}
