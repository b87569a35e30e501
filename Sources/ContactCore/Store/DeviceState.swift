/// Everything the device knows. A plain value with one owner, ``ContactDevice``, which
/// guards it with a mutex; every rule of the contract is a function of this value.
struct DeviceState: Sendable {
    var identifiers: IdentifierGenerator
    /// Written into every history token, so that another device's tokens are foreign.
    let historyIdentity: UInt64
    var nextSerial: UInt64 = 0
    // The records are written only through the `set…` functions below, which keep the search
    // index and the storage journal current: no change can reach one and miss the other.
    private(set) var contacts = StoredContacts()
    private(set) var groups: [String: StoredGroup] = [:]
    private(set) var containers: [ContactContainer] = []
    let defaultContainerIdentifier: String
    /// Group identifier → identifiers of its member contacts.
    private(set) var members: [String: Set<String>] = [:]
    /// Group identifier → identifiers of its direct subgroups.
    private(set) var subgroups: [String: Set<String>] = [:]
    private(set) var apps: [String: AppRecord] = [:]
    let defaultSortOrder: SortOrder
    var history: ChangeLog
    /// Search keys of every stored contact; ``setContact(_:_:)`` keeps it current. `nil` until
    /// a search needs it (``prepareSearchIndex()``), in memory as after opening a database: a
    /// process that never searches pays neither for building it nor for keeping it at each save.
    private(set) var searchIndex: SearchIndex?
    /// The search keys that opening computed as it read the contacts (``SearchIndexFeed``),
    /// and the contacts written since: what ``prepareSearchIndex()`` builds from, when it has them.
    private(set) var openedIndex: (parts: SearchIndexFeed.Parts, written: Set<String>)?
    /// Each limited app's search index over its permitted set, by bundle identifier, so that
    /// its searches cost what its P holds and never read the rest of the device (SPEC 4's
    /// timing class). Made by the app's first search (``preparePermittedIndex(for:)``), kept
    /// current by ``setContact(_:_:)`` for the contacts in P and by ``setAppRecord(_:for:)``
    /// as P changes, dropped when the app stops being limited.
    private(set) var permittedIndexes: [String: SearchIndex] = [:]
    /// How many writes of the records (contacts, groups, memberships, apps, containers) there
    /// have been, undone ones included: a check can tell a state nothing wrote to.
    private(set) var recordWrites: UInt64 = 0
    /// Where commits are posted as notifications; shared, not copied, with the state (a
    /// ``ContactDevice/copy()`` gives its copy observers of its own).
    var changeObservers = ChangeObservers()
    /// Where commits are made durable; `nil` for a device that lives in memory only.
    var storage: (any DeviceStorage)?
    /// What changed since the last commit reached storage.
    private(set) var journal: StorageJournal

    init(seed: UInt64, identity: UInt64, defaultSortOrder: SortOrder, historyLimit: Int) {
        identifiers = IdentifierGenerator(seed: seed)
        historyIdentity = identity
        let local = ContactContainer(identifier: identifiers.next(.container), name: "On My iPhone", kind: .local)
        containers = [local]
        defaultContainerIdentifier = local.identifier
        self.defaultSortOrder = defaultSortOrder
        history = ChangeLog(limit: historyLimit)
        journal = StorageJournal(identifiers: identifiers, nextSerial: nextSerial, containerCount: containers.count)
    }

    /// A state read back from storage; the caller has checked every rule the parts must keep.
    init(identifiers: IdentifierGenerator, historyIdentity: UInt64, nextSerial: UInt64,
         contacts: StoredContacts,
         groups: [String: StoredGroup], containers: [ContactContainer],
         defaultContainerIdentifier: String, members: [String: Set<String>], subgroups: [String: Set<String>],
         apps: [String: AppRecord], defaultSortOrder: SortOrder, history: ChangeLog, storage: any DeviceStorage,
         openedIndex: SearchIndexFeed.Parts?) {
        self.identifiers = identifiers
        self.historyIdentity = historyIdentity
        self.nextSerial = nextSerial
        self.contacts = contacts
        self.groups = groups
        self.containers = containers
        self.defaultContainerIdentifier = defaultContainerIdentifier
        self.members = members
        self.subgroups = subgroups
        self.apps = apps
        self.defaultSortOrder = defaultSortOrder
        self.history = history
        self.storage = storage
        self.openedIndex = openedIndex.map { ($0, []) }
        journal = StorageJournal(identifiers: identifiers, nextSerial: nextSerial, containerCount: containers.count)
    }

    // MARK: The only writes of the records

    /// Stores, replaces or (with `nil`) removes a contact: the one write every change and
    /// every rollback of the contacts goes through, so derived data can follow it.
    mutating func setContact(_ identifier: String, _ value: StoredContact?) {
        if journal.contacts[identifier] == nil { journal.contacts[identifier] = .some(contacts[identifier]) }
        contacts[identifier] = value
        searchIndex?.update(identifier, value)
        openedIndex?.written.insert(identifier)
        for index in permittedIndexes.indices where apps[permittedIndexes.keys[index]]?.permitted.contains(identifier) == true {
            permittedIndexes.values[index].update(identifier, value)
        }
        recordWrites += 1
    }

    /// The search index, built from the contacts first if the device has none yet (no search
    /// since it was made or opened): the whole device's cost, once, or after opening the cost
    /// of the prefix indexes' sorts and of the contacts written since.
    @discardableResult
    mutating func prepareSearchIndex() -> SearchIndex {
        if let searchIndex { return searchIndex }
        let built = indexFromOpening() ?? SearchIndex(bulk: contacts)
        openedIndex = nil
        searchIndex = built
        return built
    }

    /// The index ``openedIndex`` makes: the prefix indexes of the keys filed while opening,
    /// then each contact written since, as it is now; `nil` without them.
    func indexFromOpening() -> SearchIndex? {
        guard let (parts, written) = openedIndex else { return nil }
        var built = SearchIndex(parts)
        for identifier in written.sorted() { built.update(identifier, contacts[identifier]) }
        return built
    }

    /// The search index of a limited app's permitted set, built from those contacts alone
    /// first if the app has none yet; `nil` for an app that is not limited.
    @discardableResult
    mutating func preparePermittedIndex(for bundleIdentifier: String) -> SearchIndex? {
        let record = app(bundleIdentifier)
        guard record.status == .limited else { return nil }
        if let index = permittedIndexes[bundleIdentifier] { return index }
        let built = Self.permittedIndex(of: record, in: contacts)
        permittedIndexes[bundleIdentifier] = built
        return built
    }

    /// The index of the contacts in the app's P, built at once.
    static func permittedIndex(of app: AppRecord, in contacts: StoredContacts) -> SearchIndex {
        let positions = app.permitted.compactMap(contacts.position(of:)).sorted { contacts.serial(at: $0) < contacts.serial(at: $1) }
        return SearchIndex(bulk: contacts, positionsBySerial: positions)
    }

    /// Brings the app's permitted index to its record now, after a change from `old`: the
    /// contacts that left P leave it, those that joined are filed. The difference costs a
    /// pass over both sets, as copying the set to change it already does.
    private mutating func followPermittedSet(of bundleIdentifier: String, from old: AppRecord?) {
        guard let index = permittedIndexes.index(forKey: bundleIdentifier) else { return }
        let now = app(bundleIdentifier)
        guard now.status == .limited else {
            permittedIndexes.remove(at: index)
            return
        }
        let before = old?.permitted ?? []
        for identifier in before where !now.permitted.contains(identifier) {
            permittedIndexes.values[index].update(identifier, nil)
        }
        for identifier in now.permitted where !before.contains(identifier) {
            permittedIndexes.values[index].update(identifier, contacts[identifier])
        }
    }

    /// Forgets the search index, for the memory benchmark only (searches find nothing after).
    mutating func discardSearchIndex() {
        searchIndex = SearchIndex()
        openedIndex = nil
    }

    mutating func setGroup(_ identifier: String, _ value: StoredGroup?) {
        if journal.groups[identifier] == nil { journal.groups[identifier] = .some(groups[identifier]) }
        groups[identifier] = value
        recordWrites += 1
    }

    /// Replaces a group's member contacts; `nil` or empty: none.
    mutating func setMembers(of group: String, _ value: Set<String>?) {
        if journal.members[group] == nil { journal.members[group] = .some(members[group]) }
        members[group] = value?.isEmpty == true ? nil : value
        recordWrites += 1
    }

    /// Replaces a group's direct subgroups; `nil` or empty: none.
    mutating func setSubgroups(of group: String, _ value: Set<String>?) {
        if journal.subgroups[group] == nil { journal.subgroups[group] = .some(subgroups[group]) }
        subgroups[group] = value?.isEmpty == true ? nil : value
        recordWrites += 1
    }

    /// Replaces an app's record; `nil`: the device forgets the app (it is `notDetermined`).
    mutating func setAppRecord(_ value: AppRecord?, for bundleIdentifier: String) {
        if journal.apps[bundleIdentifier] == nil { journal.apps[bundleIdentifier] = .some(apps[bundleIdentifier]) }
        let old = apps[bundleIdentifier]
        apps[bundleIdentifier] = value
        followPermittedSet(of: bundleIdentifier, from: old)
        recordWrites += 1
    }

    mutating func appendContainer(_ container: ContactContainer) {
        containers.append(container)
        recordWrites += 1
    }

    /// Starts a new journal: storage now holds exactly this state.
    mutating func markPersisted() {
        journal = StorageJournal(identifiers: identifiers, nextSerial: nextSerial, containerCount: containers.count)
    }

    /// Puts every record the journal names back to its stored value: after a failed write,
    /// the state is again the one storage holds.
    mutating func revertToPersisted() {
        let saved = journal
        for (identifier, value) in saved.contacts { setContact(identifier, value) }
        for (identifier, value) in saved.groups { groups[identifier] = value }
        for (group, value) in saved.members { members[group] = value }
        for (group, value) in saved.subgroups { subgroups[group] = value }
        for (bundle, value) in saved.apps {
            let old = apps[bundle]
            apps[bundle] = value
            followPermittedSet(of: bundle, from: old)
        }
        containers.removeLast(containers.count - saved.containerCount)
        identifiers = saved.identifiers
        nextSerial = saved.nextSerial
        recordWrites += 1
        markPersisted()
    }

    mutating func takeSerial() -> UInt64 {
        nextSerial += 1
        return nextSerial
    }

    func app(_ bundleIdentifier: String) -> AppRecord { apps[bundleIdentifier] ?? AppRecord() }

    /// The stored key of the contact `identifier` names exactly, if it exists: dictionary
    /// lookup alone would also accept a canonically equivalent spelling.
    func existingContactIdentifier(_ identifier: String) -> String? {
        existingContactIndex(identifier).map(contacts.identifier(at:))
    }

    /// Where the contact `identifier` names exactly is stored, if it exists: reading a key
    /// through it copies no contact.
    func existingContactIndex(_ identifier: String) -> ContactPosition? {
        ContactIdentifier.isWellFormed(identifier) ? contacts.exactPosition(of: identifier) : nil
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
        // position(of:), not the subscript: testing for a contact must not copy it.
        contacts.position(of: identifier) != nil && self.app(app, sees: identifier)
    }

    /// ``isVisible(_:to:)`` without asking whether the contact exists: the app's status and P
    /// alone, so the answer for an identifier no contact has means nothing.
    func app(_ app: AppRecord, sees identifier: String) -> Bool {
        switch app.status {
        case .authorized: true
        case .limited: app.permitted.contains(identifier)
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
        case .authorized: Array(contacts.identifiers)
        case .limited: app.permitted.filter { contacts.position(of: $0) != nil }
        case .notDetermined, .restricted, .denied: []
        }
    }

    /// Bundle identifiers that see the contact now.
    func appsSeeing(_ identifier: String) -> Set<String> {
        var audience = Set<String>()
        addApps(seeing: identifier, to: &audience)
        return audience
    }

    /// Adds ``appsSeeing(_:)`` to `audience` without making a set of its own.
    func addApps(seeing identifier: String, to audience: inout Set<String>) {
        for (bundle, app) in apps where isVisible(identifier, to: app) { audience.insert(bundle) }
    }

    /// Bundle identifiers whose status lets them read at all (they see groups).
    var appsWithAccess: Set<String> {
        Set(apps.lazy.filter { $0.value.status.grantsAccess }.map(\.key))
    }
}
