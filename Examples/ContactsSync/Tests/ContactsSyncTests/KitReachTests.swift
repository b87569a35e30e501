import ContactCore
import ContactCoreTestKit
import Testing

/// An app whose invariant "breaks" on what the kit must reach: that the default run fails
/// shows the kit reaches it, and the run that failed first says how soon.
protocol Probe: ContactsAppUnderTest {
    static func reached(_ view: AppView) -> Bool
}

extension Probe {
    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws {}

    func check(_ view: AppView) throws(ContactsAppViolation) {
        if Self.reached(view) { throw ContactsAppViolation("reached") }
    }
}

struct SeesAuthorized: Probe { static func reached(_ view: AppView) -> Bool { view.status == .authorized && view.contacts.count > 1 } }
struct SeesLimited: Probe { static func reached(_ view: AppView) -> Bool { view.status == .limited && !view.contacts.isEmpty } }
struct SeesDenied: Probe { static func reached(_ view: AppView) -> Bool { view.status == .denied } }
struct SeesRestricted: Probe { static func reached(_ view: AppView) -> Bool { view.status == .restricted } }

/// Fails when the picker or the button grants it contacts.
struct GetsGrants: ContactsAppUnderTest {
    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws {
        if !turn.granted.isEmpty { throw ContactsAppViolation("granted \(turn.granted)") }
    }

    func check(_ view: AppView) throws(ContactsAppViolation) {}
}

/// Saves a contact whenever it may: the kit's apps only read.
struct Saves: ContactsAppUnderTest {
    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws {
        guard store.authorizationStatus == .authorized else { return }
        var request = SaveRequest()
        request.add(MutableContact())
        try store.execute(request)
    }

    func check(_ view: AppView) throws(ContactsAppViolation) {}
}

@Suite struct KitReachTests {
    @Test func everyStatusIsReachedInTheDefaultRun() {
        for (name, failure) in [
            ("authorized", ContactsAppProperty.firstFailure(SeesAuthorized.self)),
            ("limited", ContactsAppProperty.firstFailure(SeesLimited.self)),
            ("denied", ContactsAppProperty.firstFailure(SeesDenied.self)),
            ("restricted", ContactsAppProperty.firstFailure(SeesRestricted.self)),
        ] {
            #expect(failure?.rule == "the app's invariant", "\(name) is never reached")
        }
    }

    @Test func thePickerAndTheButtonGrantContacts() throws {
        let failure = try #require(ContactsAppProperty.firstFailure(GetsGrants.self))
        #expect(failure.rule == "the app's step")
        #expect(failure.test.contains(".accessPicker(app: 1") || failure.test.contains(".button(app: 1"))
    }

    @Test func anAppThatSavesIsToldItMayOnlyRead() throws {
        let failure = try #require(ContactsAppProperty.firstFailure(Saves.self))
        #expect(failure.rule == "the app's step only reads")
    }

    @Test func aPassingAppPassesItsPrintedTestsReplay() {
        #expect(ContactsAppProperty.failure(GetsGrants.self, input: [2, 0, 0]) == nil)
    }
}
