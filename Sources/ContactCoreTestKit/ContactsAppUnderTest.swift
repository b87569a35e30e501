import ContactCore

/// Your app's contacts code as the kit drives it: a fresh instance per run, a turn after
/// everything the person does, and an invariant checked after every turn.
///
/// The app is `com.example.chat` on a device the kit plays the person on. Its turns are
/// synchronous, because a failure is replayed hundreds of times while it is made small;
/// the person's answer to the app's access prompt is drawn by the kit like any other of
/// the person's actions. The app reads: a turn that saves fails with "the app's step only
/// reads".
public protocol ContactsAppUnderTest {
    /// The app at launch, with nothing synced.
    init()

    /// The keys ``AppView/contacts`` are fetched with: the ones your app stores.
    ///
    /// The note is dropped: the app has no notes entitlement, so it can never read one.
    static var keysToFetch: [ContactKey] { get }

    /// The app's own work after the person acted: its sync step, its search, its reads.
    ///
    /// Called once at launch, then after every action of the person or another app. A thrown
    /// error is a failure of the app: handle the errors a careful app expects (denied access).
    mutating func step(_ turn: AppTurn, store: some ContactStoring) throws

    /// The app's invariant against what it may see; throw to report a violation.
    func check(_ view: AppView) throws(ContactsAppViolation)
}

extension ContactsAppUnderTest {
    public static var keysToFetch: [ContactKey] { [.givenName, .familyName, .phoneNumbers, .emailAddresses] }
}

/// What happened since the app's last turn, as the app learns it.
public struct AppTurn: Hashable, Sendable {
    /// The change notifications the app's store received, in order (`changes()` delivers them).
    ///
    /// A notification from the app's own store is its access picker or button granting
    /// contacts: the kit leaves writes to the person and other apps.
    public let changes: [ContactStoreChange]
    /// The identifiers the access picker or the contact access button just granted, when the
    /// last action was one of them presented by this app; otherwise empty.
    ///
    /// Like Apple's picker, it only adds: removing contacts happens in Settings.
    public let granted: [String]
    /// Whether this is the first turn, at launch.
    public let isLaunch: Bool
}

/// What the app may see after a turn, from the kit's reference model, not from the store.
public struct AppView: Hashable, Sendable {
    public let status: AuthorizationStatus
    /// The permitted set P: the identifiers a `limited` app may read (empty otherwise).
    public let permitted: Set<String>
    /// Every contact the app may read, by identifier, with ``ContactsAppUnderTest/keysToFetch``.
    public let contacts: [String: Contact]

    /// Throws unless `mirror` holds exactly the visible contacts with their current values.
    ///
    /// The message names what is missing, what the app must no longer hold, and what is stale.
    public func expect(mirror: [String: Contact]) throws(ContactsAppViolation) {
        let missing = contacts.keys.filter { mirror[$0] == nil }.sorted()
        let extra = mirror.keys.filter { contacts[$0] == nil }.sorted()
        let stale = contacts.keys.filter { mirror[$0].map { [contacts] in $0 != contacts[$0.identifier] } ?? false }.sorted()
        guard missing.isEmpty, extra.isEmpty, stale.isEmpty else {
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing \(missing)") }
            if !extra.isEmpty { parts.append("holds \(extra), which the app may not see (status \(status))") }
            if !stale.isEmpty { parts.append("stale \(stale)") }
            throw ContactsAppViolation("the mirror " + parts.joined(separator: "; "))
        }
    }
}

/// A broken invariant of the app, in its own words.
public struct ContactsAppViolation: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
