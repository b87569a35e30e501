import ContactCore

/// A chat app's copy of the person's contacts, kept up to date through change history, the
/// way a careful iOS developer writes one: a token per sync, a full sync whenever the store
/// says so, nothing kept once access ends, and the access picker's contacts taken at once.
///
/// ``Bug`` switches on one mistake each, for ContactCoreTestKit to find.
public struct ContactsMirror: Sendable {
    /// Mistakes apps make with Contacts, each found by the example's property test.
    public enum Bug: Hashable, Sendable, CaseIterable {
        /// Reads every history answer as changes since the token: a full sync's
        /// `dropEverything` (after access went limited, or P shrank) is skipped.
        case ignoresFullSync
        /// Forgets the identifiers the access picker or button just granted, expecting a
        /// notification that never comes from the app's own store.
        case dropsPickerResult
        /// Keeps the mirror when access is denied or restricted ("an offline cache").
        case keepsUnsharedContacts
    }

    /// The contacts the app shows, by identifier, with ``keys``.
    public private(set) var contacts: [String: Contact] = [:]
    /// The position of the last sync; `nil` before the first or after access ended.
    public private(set) var token: HistoryToken?
    public let keys: [ContactKey]
    public let bug: Bug?

    public init(keys: [ContactKey] = [.givenName, .familyName, .phoneNumbers, .emailAddresses], bug: Bug? = nil) {
        self.keys = keys
        self.bug = bug
    }

    /// What the app does when the store notifies it or the picker returns.
    ///
    /// Notifications from the app's own store are its own doing (the picker's and the
    /// button's grants, taken from `granted`); any other, or `launch`, means a sync.
    public mutating func update(store: some ContactStoring, changes: [ContactStoreChange], granted: [String],
                                launch: Bool = false) throws(ContactError) {
        if !granted.isEmpty { try add(granted, from: store) }
        if launch || changes.contains(where: { !$0.isFromCurrentStore }) { try sync(store) }
    }

    /// Brings the mirror to the store's present through history since ``token``.
    ///
    /// Without access it reads nothing (a read from `notDetermined` would prompt) and, once
    /// access is gone, forgets everything and the token with it.
    public mutating func sync(_ store: some ContactStoring) throws(ContactError) {
        guard store.authorizationStatus.grantsAccess else {
            if bug != .keepsUnsharedContacts {
                contacts = [:]
                token = nil
            }
            return
        }
        let history = try store.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token, additionalContactKeys: keys))
        for event in history.events {
            switch event {
            case .dropEverything where bug != .ignoresFullSync: contacts = [:]
            case .addContact(let contact, _), .updateContact(let contact): contacts[contact.identifier] = contact
            case .deleteContact(let identifier): contacts[identifier] = nil
            default: continue
            }
        }
        token = history.currentToken
    }

    /// The contacts the picker or the button granted, fetched and added now: nothing else
    /// tells a `limited` app about them.
    public mutating func add(_ granted: [String], from store: some ContactStoring) throws(ContactError) {
        guard bug != .dropsPickerResult else { return }
        for contact in try store.unifiedContacts(matching: .identifiers(granted), keysToFetch: keys, sortOrder: .none) {
            contacts[contact.identifier] = contact
        }
    }
}
