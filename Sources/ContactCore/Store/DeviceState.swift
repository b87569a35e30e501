/// A contact as the device stores it: every field, plus where and when it was added.
struct StoredContact: Hashable, Sendable {
    var contactType: ContactType
    var fields: ContactFields
    var containerIdentifier: String
    /// Insertion order, for ``SortOrder/none``.
    var serial: UInt64
}

struct StoredGroup: Hashable, Sendable {
    var name: String
    var containerIdentifier: String
    var serial: UInt64
}

/// One app's standing with the device: its status and permitted set.
struct AppRecord: Hashable, Sendable {
    var status: AuthorizationStatus = .notDetermined
    /// The permitted set P; empty unless `status == .limited`.
    var permitted: Set<String> = []
}

/// Everything the device knows. A plain value with one owner, ``ContactDevice``, which
/// guards it with a mutex; every rule of the contract is a function of this value.
struct DeviceState: Sendable {
    var identifiers: IdentifierGenerator
    /// Written into every history token, so that another device's tokens are foreign.
    let historyIdentity: UInt64
    var nextSerial: UInt64 = 0
    var contacts: [String: StoredContact] = [:]
    var groups: [String: StoredGroup] = [:]
    var containers: [ContactContainer] = []
    var defaultContainerIdentifier: String
    /// Group identifier → identifiers of its member contacts.
    var members: [String: Set<String>] = [:]
    /// Group identifier → identifiers of its direct subgroups.
    var subgroups: [String: Set<String>] = [:]
    var apps: [String: AppRecord] = [:]
    var defaultSortOrder: SortOrder
    var history: ChangeLog
    /// Search keys of every stored contact; ``setContact(_:_:)`` keeps it current.
    var searchIndex = SearchIndex()
    /// Where commits are posted as notifications; shared, not copied, with the state (a
    /// ``ContactDevice/copy()`` gives its copy observers of its own).
    var changeObservers = ChangeObservers()

    init(seed: UInt64, identity: UInt64, defaultSortOrder: SortOrder, historyLimit: Int) {
        identifiers = IdentifierGenerator(seed: seed)
        historyIdentity = identity
        let local = ContactContainer(identifier: identifiers.next(.container), name: "On My iPhone", kind: .local)
        containers = [local]
        defaultContainerIdentifier = local.identifier
        self.defaultSortOrder = defaultSortOrder
        history = ChangeLog(limit: historyLimit)
    }

    /// Stores, replaces or (with `nil`) removes a contact: the one write every change and
    /// every rollback of the contacts goes through, so derived data can follow it.
    mutating func setContact(_ identifier: String, _ value: StoredContact?) {
        contacts[identifier] = value
        searchIndex.update(identifier, value)
    }

    mutating func takeSerial() -> UInt64 {
        nextSerial += 1
        return nextSerial
    }

    func app(_ bundleIdentifier: String) -> AppRecord { apps[bundleIdentifier] ?? AppRecord() }

    /// The stored key of the contact `identifier` names exactly, if it exists: dictionary
    /// lookup alone would also accept a canonically equivalent spelling.
    func existingContactIdentifier(_ identifier: String) -> String? {
        existingContactIndex(identifier).map { contacts.keys[$0] }
    }

    /// Where the contact `identifier` names exactly is stored, if it exists: reading a key
    /// through it copies no contact.
    func existingContactIndex(_ identifier: String) -> [String: StoredContact].Index? {
        guard ContactIdentifier.isWellFormed(identifier),
              let index = contacts.index(forKey: identifier),
              ContactIdentifier.areEqual(contacts.keys[index], identifier)
        else { return nil }
        return index
    }

    func existingGroupIdentifier(_ identifier: String) -> String? {
        guard ContactIdentifier.isWellFormed(identifier),
              let index = groups.index(forKey: identifier),
              ContactIdentifier.areEqual(groups[index].key, identifier)
        else { return nil }
        return groups[index].key
    }

    func existingContainerIdentifier(_ identifier: String) -> String? {
        containers.first { ContactIdentifier.areEqual($0.identifier, identifier) }?.identifier
    }

    /// Whether the app sees the contact: the one question every read asks.
    func isVisible(_ identifier: String, to app: AppRecord) -> Bool {
        // index(forKey:), not the subscript: testing for a contact must not copy it.
        contacts.index(forKey: identifier) != nil && self.app(app, sees: identifier)
    }

    /// ``isVisible(_:to:)`` for a contact already known to exist: the app's status and P alone.
    func app(_ app: AppRecord, sees existingIdentifier: String) -> Bool {
        switch app.status {
        case .authorized: true
        case .limited: app.permitted.contains(existingIdentifier)
        case .notDetermined, .restricted, .denied: false
        }
    }

    /// The exact stored identifier of a contact the app sees, or `nil` for one that is
    /// missing, malformed or invisible: callers cannot tell which.
    func visibleContactIdentifier(_ identifier: String, to app: AppRecord) -> String? {
        guard let stored = existingContactIdentifier(identifier), isVisible(stored, to: app) else { return nil }
        return stored
    }

    /// Identifiers of every contact the app sees, in no particular order.
    func visibleContactIdentifiers(to app: AppRecord) -> [String] {
        switch app.status {
        case .authorized: Array(contacts.keys)
        case .limited: app.permitted.filter { contacts.index(forKey: $0) != nil }
        case .notDetermined, .restricted, .denied: []
        }
    }

    /// Bundle identifiers that see the contact now.
    func appsSeeing(_ identifier: String) -> Set<String> {
        Set(apps.lazy.filter { self.isVisible(identifier, to: $0.value) }.map(\.key))
    }

    /// Bundle identifiers whose status lets them read at all (they see groups).
    var appsWithAccess: Set<String> {
        Set(apps.lazy.filter { $0.value.status.grantsAccess }.map(\.key))
    }
}
