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
}
