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

    /// Each bug is found within the default run and printed as a short test, whose input
    /// still fails with the bug and passes without it.
    @Test(arguments: ContactsMirror.Bug.allCases)
    func everyBugIsFound(bug: ContactsMirror.Bug) throws {
        let failure = try #require(Self.failure(with: bug))
        #expect(failure.rule == "the app's invariant")
        let lines = failure.test.split(separator: "\n").count
        print("\(bug): run \(failure.run), printed test of \(lines) lines\n\(failure.test)")
        #expect(lines <= 20)
        #expect(Self.failure(with: bug, input: failure.input) != nil)
        #expect(ContactsAppProperty.failure(MirrorUnderTest.self, input: failure.input) == nil)
    }

    /// The first failure of the default run, or of `input`, with `bug` switched on.
    static func failure(with bug: ContactsMirror.Bug, input: [UInt8]? = nil) -> ContactsAppFailure? {
        switch bug {
        case .ignoresFullSync: failure(IgnoresFullSync.self, input)
        case .dropsPickerResult: failure(DropsPickerResult.self, input)
        case .keepsUnsharedContacts: failure(KeepsUnsharedContacts.self, input)
        }
    }

    static func failure<App: ContactsAppUnderTest>(_ app: App.Type, _ input: [UInt8]?) -> ContactsAppFailure? {
        input.map { ContactsAppProperty.failure(app, input: $0) } ?? ContactsAppProperty.firstFailure(app)
    }
}
