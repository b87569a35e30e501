import ContactCore
import ContactCoreTestKit
import ContactsSync
import Testing

/// The mirror as the kit drives it: its turn is `update`, its invariant that it holds exactly
/// what the app may see, with current values.
struct MirrorUnderTest: ContactsAppUnderTest {
    var mirror = ContactsMirror()

    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws {
        try mirror.update(store: store, changes: turn.changes, granted: turn.granted, launch: turn.isLaunch)
    }

    func check(_ view: AppView) throws(ContactsAppViolation) {
        try view.expect(mirror: mirror.contacts)
    }
}

/// The same app with one bug switched on (a type per bug: the kit makes a fresh app per run).
protocol BuggyMirror: ContactsAppUnderTest {
    static var bug: ContactsMirror.Bug { get }
    var mirror: ContactsMirror { get set }
}

extension BuggyMirror {
    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws {
        try mirror.update(store: store, changes: turn.changes, granted: turn.granted, launch: turn.isLaunch)
    }

    func check(_ view: AppView) throws(ContactsAppViolation) {
        try view.expect(mirror: mirror.contacts)
    }
}

struct IgnoresFullSync: BuggyMirror {
    static let bug = ContactsMirror.Bug.ignoresFullSync
    var mirror = ContactsMirror(bug: bug)
}

struct DropsPickerResult: BuggyMirror {
    static let bug = ContactsMirror.Bug.dropsPickerResult
    var mirror = ContactsMirror(bug: bug)
}

struct KeepsUnsharedContacts: BuggyMirror {
    static let bug = ContactsMirror.Bug.keepsUnsharedContacts
    var mirror = ContactsMirror(bug: bug)
}

@Suite struct ContactsMirrorPropertyTests {
    @Test func theMirrorHoldsWhatTheAppMaySee() {
        ContactsAppProperty.check(MirrorUnderTest.self)
    }

    @Test func theCorrectMirrorPassesAThousandRuns() {
        #expect(ContactsAppProperty.firstFailure(MirrorUnderTest.self, count: 1_000) == nil)
    }

    /// Each bug is found within the default run, and printed as a short test.
    @Test(arguments: ContactsMirror.Bug.allCases)
    func everyBugIsFound(bug: ContactsMirror.Bug) throws {
        let failure = try #require(Self.firstFailure(with: bug))
        #expect(failure.rule == "the app's invariant")
        let lines = failure.test.split(separator: "\n").count
        print("\(bug): run \(failure.run), printed test of \(lines) lines\n\(failure.test)")
        #expect(lines <= 20)
    }

    static func firstFailure(with bug: ContactsMirror.Bug) -> ContactsAppFailure? {
        switch bug {
        case .ignoresFullSync: ContactsAppProperty.firstFailure(IgnoresFullSync.self)
        case .dropsPickerResult: ContactsAppProperty.firstFailure(DropsPickerResult.self)
        case .keepsUnsharedContacts: ContactsAppProperty.firstFailure(KeepsUnsharedContacts.self)
        }
    }
}
