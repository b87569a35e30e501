import ContactCore
import ContactCoreTestKit
import ContactsSync

/// The example's mirror for libFuzzer, as its property test drives it.
struct FuzzedMirror: ContactsAppUnderTest {
    var mirror = ContactsMirror()

    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws {
        try mirror.update(store: store, changes: turn.changes, granted: turn.granted, launch: turn.isLaunch)
    }

    func check(_ view: AppView) throws(ContactsAppViolation) {
        try view.expect(mirror: mirror.contacts)
    }
}
