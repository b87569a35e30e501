import Synchronization

/// The device's contacts database, shared by every app on it, and the person who owns it.
///
/// A device holds every contact, group and container, each app's authorization status and
/// permitted set, and the change history. Apps never touch it directly: each reads it through
/// its own ``ContactStore`` from ``store(for:)``, which sees only what the app may see. The
/// methods here are the person's side: Settings, device policy, and the prompt responder that
/// answers access prompts.
///
/// Everything is deterministic for a given `seed`: identifiers, order, history tokens.
/// All access is serialized by one lock, so a device may be shared by any number of tasks.
public final class ContactDevice: Sendable {
    let state: Locked<DeviceState>
    private let responder: Locked<PromptResponder?>
    private let pickerResponder = Locked<PickerResponder?>(nil)
    /// Held from reading an app's status to applying the person's answer, by every prompt
    /// (``ContactStore/requestAccess()`` and the access button's): two first requests never
    /// both prompt. The responder runs under it, not under the state lock, so it may read the
    /// device, but it must not request access itself. It holds a byte it never reads: a value
    /// of no size sits at the mutex's own address, and ThreadSanitizer reported the two
    /// threads of a parallel program that prompted as a race on it.
    let promptLock = Locked(false)
    private let storeCounter = Atomic<UInt64>(0)

    /// - Parameters:
    ///   - seed: Makes identifiers differ between devices; the same seed and the same calls
    ///     give the same identifiers.
    ///   - identity: What this device writes into its history tokens, so that a token of
    ///     another device is foreign (a full sync), even one with the same seed. `nil`, the
    ///     default, draws a random one; give one for tokens that replay exactly.
    ///   - defaultSortOrder: What ``SortOrder/userDefault`` means on this device.
    ///   - historyLimit: How many commits the change history keeps; older tokens expire.
    public init(seed: UInt64 = 0, identity: UInt64? = nil, defaultSortOrder: SortOrder = .givenName,
                historyLimit: Int = 100_000) {
        let order = defaultSortOrder == .userDefault ? .givenName : defaultSortOrder
        state = Locked(DeviceState(seed: seed, identity: identity ?? UInt64.random(in: 0...UInt64.max),
                                  defaultSortOrder: order, historyLimit: historyLimit))
        responder = Locked(nil)
    }

    /// A device in the same state as this one (contacts, apps, history, identifiers to come,
    /// history identity: its tokens are the original's), with no observers and no prompt responder: for a test harness that builds a starting
    /// state once and runs many programs from it.
    package func copy() -> ContactDevice {
        ContactDevice(state: state.withLock { $0.handedOver(to: ChangeObservers()) })
    }

    /// Makes this device hold exactly what `other` holds, as ``copy()`` would, while keeping
    /// its own stores and their observers; the prompt and picker responders are cleared. For
    /// a fuzzer that starts thousands of programs from one state: this costs a copy of the
    /// state, not a new device with its stores.
    package func reset(to other: ContactDevice) {
        let pristine = other.state.withLock { $0 }
        state.withLock { $0 = pristine.handedOver(to: $0.changeObservers) }
        setPromptResponder(nil)
        setPickerResponder(nil)
    }

    /// How many times anything wrote its records (contacts, groups, memberships, apps'
    /// statuses and permitted sets, containers), writes undone by a failed save included; a
    /// ``copy()`` starts from the original's count. Equal counts: nothing wrote in between.
    package var recordWrites: UInt64 { state.withLock { $0.recordWrites } }

    init(state: DeviceState) {
        self.state = Locked(state)
        responder = Locked(nil)
    }

    /// A contact store for one app: the app's whole view of the device.
    ///
    /// Stores made for the same bundle identifier share its status and permitted set, as
    /// every `CNContactStore` of one app does.
    public func store(for app: AppConfiguration) -> ContactStore {
        let instance = storeCounter.add(1, ordering: .relaxed).newValue
        return ContactStore(device: self, app: app, instanceIdentifier: instance)
    }

    /// Plays the person at access prompts. With none installed, a request that needs a
    /// prompt fails with `authorizationDenied` and the status stays `notDetermined`.
    public func setPromptResponder(_ newResponder: PromptResponder?) {
        responder.withLock { $0 = newResponder }
    }

    var promptResponder: PromptResponder? { responder.withLock { $0 } }

    /// Plays the person at the pickers apps present. With none installed, the person closes
    /// every picker without choosing anything.
    public func setPickerResponder(_ newResponder: PickerResponder?) {
        pickerResponder.withLock { $0 = newResponder }
    }

    /// What the person chooses at a picker the app presents; nothing without a responder.
    func personChooses(_ kind: PickerPresentation.Kind, for bundleIdentifier: String) -> AccessPickerSelection {
        let responder = pickerResponder.withLock { $0 }
        return responder?(PickerPresentation(bundleIdentifier: bundleIdentifier, kind: kind)) ?? AccessPickerSelection()
    }

    // MARK: The person's view

    /// The status the app has, as Settings shows it.
    public func authorizationStatus(for bundleIdentifier: String) -> AuthorizationStatus {
        state.withLock { $0.app(bundleIdentifier).status }
    }

    /// The app's permitted set, as Settings shows it; empty unless the app is `limited`.
    public func permittedIdentifiers(for bundleIdentifier: String) -> Set<String> {
        state.withLock { $0.app(bundleIdentifier).permitted }
    }

    /// Identifiers of every contact on the device, in insertion order: what the person sees.
    public var allContactIdentifiers: [String] {
        state.withLock { state in
            state.contacts.positionsBySerial.map(state.contacts.identifier(at:))
        }
    }

    /// Every container, the default local one first.
    public var containers: [ContactContainer] { state.withLock { $0.containers } }

    /// What ``SortOrder/userDefault`` means on this device, as the person set it up.
    public var defaultSortOrder: SortOrder { state.withLock { $0.defaultSortOrder } }

    /// How many commits the change history keeps before older tokens expire.
    public var historyLimit: Int { state.withLock { $0.history.limit } }

    /// Adds an account's container, as signing in to an account in Settings does.
    ///
    /// - Throws: only on a persistent device whose database cannot be written (see <doc:Persistence>).
    @discardableResult
    public func addContainer(name: String, kind: ContactContainer.Kind) throws(ContactError) -> ContactContainer {
        try state.withLock { (state) throws(ContactError) in
            let container = ContactContainer(identifier: state.identifiers.next(.container), name: name, kind: kind)
            state.appendContainer(container)
            try state.persist(nil)
            return container
        }
    }

    // MARK: Settings and policy

    /// Changes an app's access the way the person does in Settings.
    ///
    /// Going to limited starts from the set given; going to denied clears the permitted set;
    /// editing the permitted set needs the app to be limited. Identifiers that name no
    /// contact are dropped. A restricted app cannot be changed here: ``ContactError/Code/policyViolation``.
    public func applySettings(_ change: SettingsChange, to bundleIdentifier: String) throws(ContactError) {
        try state.withLock { (state) throws(ContactError) in
            var app = state.app(bundleIdentifier)
            guard app.status != .restricted else {
                throw ContactError(.policyViolation, "Device policy restricts \(bundleIdentifier); Settings cannot change it.")
            }
            switch change {
            case .allowFull:
                app = AppRecord(status: .authorized)
            case .allowLimited(let chosen):
                app = AppRecord(status: .limited, permitted: Set(chosen.compactMap(state.existingContactIdentifier)))
            case .deny:
                app = AppRecord(status: .denied)
            case .editPermittedSet(let adding, let removing):
                guard app.status == .limited else {
                    throw ContactError(.policyViolation, "Only a limited app has a permitted set to edit.")
                }
                app.permitted.formUnion(adding.compactMap(state.existingContactIdentifier))
                app.permitted.subtract(removing.compactMap(state.existingContactIdentifier))
            }
            try state.setApp(app, for: bundleIdentifier, origin: nil)
        }
    }

    /// Sets or lifts the device policy that restricts an app. Restricting clears its access;
    /// lifting returns it to `notDetermined`.
    ///
    /// - Throws: only on a persistent device whose database cannot be written.
    public func setRestricted(_ restricted: Bool, for bundleIdentifier: String) throws(ContactError) {
        try state.withLock { (state) throws(ContactError) in
            let current = state.app(bundleIdentifier).status
            if restricted {
                try state.setApp(AppRecord(status: .restricted), for: bundleIdentifier, origin: nil)
            } else if current == .restricted {
                try state.setApp(AppRecord(status: .notDetermined), for: bundleIdentifier, origin: nil)
            }
        }
    }
}

extension DeviceState {
    /// Replaces an app's record and commits the change, if it is one; on a failed write the
    /// record stays as it was.
    mutating func setApp(_ record: AppRecord, for bundleIdentifier: String, origin: UInt64?) throws(ContactError) {
        guard app(bundleIdentifier) != record else { return }
        setAppRecord(record, for: bundleIdentifier)
        try commit(author: nil, origin: origin, events: [.accessChanged(bundleIdentifier: bundleIdentifier)],
                   notifying: [bundleIdentifier])
    }

    /// Makes the change durable, then appends a commit to the history and hands it to the
    /// notification center. With no event nothing is recorded, but what changed (identifiers
    /// used) is still written. A failed write leaves the state as storage holds it and throws.
    mutating func commit(
        author: String?, origin: UInt64?, events: [ChangeEvent], notifying apps: Set<String>
    ) throws(ContactError) {
        let record = events.isEmpty
            ? nil : history.nextRecord(author: author, origin: origin, events: events, notifiedApps: apps)
        try persist(record)
        guard let record else { return }
        history.append(record)
        changeObservers.post(record)
    }

    /// Writes what the journal holds, and `record`, to storage as one transaction.
    mutating func persist(_ record: CommitRecord?) throws(ContactError) {
        guard let storage else { return markPersisted() }
        do {
            try storage.write(storageWrite(appending: record))
        } catch {
            revertToPersisted()
            throw error
        }
        markPersisted()
    }
}

private extension DeviceState {
    /// The same records for another device, as ``ContactDevice/copy()`` and
    /// ``ContactDevice/reset(to:)`` hand them over: that device's observers, and no storage
    /// (a copy never writes to this device's file).
    func handedOver(to observers: ChangeObservers) -> DeviceState {
        var copy = self
        copy.changeObservers = observers
        copy.storage = nil
        return copy
    }
}
