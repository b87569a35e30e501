import ContactCore

/// A device with two apps, one with full access and one limited, that plays a
/// ``HistoryScript``: the stage for every history and notification check.
///
/// Setup makes exactly ``setupCommits`` commits (the two apps' access) and no records, so
/// the apps' views at every earlier token are empty.
struct HistoryDevice: Sendable {
    static let fullApp = AppConfiguration(bundleIdentifier: "com.example.full", usageDescription: "Sync contacts")
    static let limitedApp = AppConfiguration(bundleIdentifier: "com.example.limited", usageDescription: "Find friends")
    /// The seed of every scripted device, so tokens from one run are valid in the next.
    static let seed: UInt64 = 0x5EED_0F_C0_4AC7
    static let setupCommits: UInt64 = 2

    let seed: UInt64
    let device: ContactDevice
    let full: ContactStore
    let limited: ContactStore
    /// Every contact the script created, in order, deleted ones included.
    private(set) var contacts: [String] = []
    /// Every group the script created, in order, deleted ones included.
    private(set) var groups: [String] = []
    /// Makes every name a script writes new, so every change shows in a view.
    private var nextName = 0

    init(seed: UInt64 = HistoryDevice.seed, historyLimit: Int = 1_000) {
        self.seed = seed
        device = ContactDevice(seed: seed, identity: seed, historyLimit: historyLimit)
        full = device.store(for: Self.fullApp)
        limited = device.store(for: Self.limitedApp)
        // Both apps exist with their status: neither ever prompts, and neither can fail on access.
        try? device.applySettings(.allowFull, to: Self.fullApp.bundleIdentifier)
        try? device.applySettings(.allowLimited([]), to: Self.limitedApp.bundleIdentifier)
    }

    func store(_ writer: HistoryScript.Writer) -> ContactStore {
        writer == .fullApp ? full : limited
    }

    /// Plays one action; returns whether it succeeded (a failed save changes nothing).
    @discardableResult
    mutating func perform(_ action: HistoryScript.Action) -> Bool {
        var request = SaveRequest(transactionAuthor: action.author)
        var addedContact: SaveRequest.ContactReference?
        var addedGroup: SaveRequest.GroupReference?
        switch action.step {
        case .addContact:
            addedContact = request.add(newContact())
        case .updateContact(let index):
            guard let contact = contactIdentifier(index) else { return false }
            request.updateContact(.saved(contact), with: newContact())
        case .deleteContact(let index):
            guard let contact = contactIdentifier(index) else { return false }
            request.deleteContact(.saved(contact))
        case .addThenUpdate:
            let reference = request.add(newContact())
            request.updateContact(reference, with: newContact())
            addedContact = reference
        case .addThenDelete:
            let reference = request.add(newContact())
            request.deleteContact(reference)
            addedContact = reference
        case .updateThenDelete(let index):
            guard let contact = contactIdentifier(index) else { return false }
            request.updateContact(.saved(contact), with: newContact())
            request.deleteContact(.saved(contact))
        case .addGroup:
            addedGroup = request.add(newGroup())
        case .renameGroup(let index):
            guard let group = groupIdentifier(index) else { return false }
            request.updateGroup(.saved(group), with: newGroup())
        case .deleteGroup(let index):
            guard let group = groupIdentifier(index) else { return false }
            request.deleteGroup(.saved(group))
        case .addMember(let contactIndex, let groupIndex), .removeMember(let contactIndex, let groupIndex):
            guard let contact = contactIdentifier(contactIndex), let group = groupIdentifier(groupIndex) else { return false }
            if case .addMember = action.step {
                request.addMember(.saved(contact), to: .saved(group))
            } else {
                request.removeMember(.saved(contact), from: .saved(group))
            }
        case .addSubgroup(let childIndex, let parentIndex), .removeSubgroup(let childIndex, let parentIndex):
            guard let child = groupIdentifier(childIndex), let parent = groupIdentifier(parentIndex) else { return false }
            if case .addSubgroup = action.step {
                request.addSubgroup(.saved(child), to: .saved(parent))
            } else {
                request.removeSubgroup(.saved(child), from: .saved(parent))
            }
        case .share(let index), .unshare(let index), .limitTo(let index):
            guard let contact = contactIdentifier(index) else { return false }
            let change: SettingsChange = switch action.step {
            case .share: .editPermittedSet(adding: [contact], removing: [])
            case .unshare: .editPermittedSet(adding: [], removing: [contact])
            default: .allowLimited([contact])
            }
            do { try device.applySettings(change, to: Self.limitedApp.bundleIdentifier) } catch { return false }
            return true
        }
        do {
            let result = try store(action.writer).execute(request)
            if let addedContact, let identifier = result.identifier(for: addedContact) { contacts.append(identifier) }
            if let addedGroup, let identifier = result.identifier(for: addedGroup) { groups.append(identifier) }
            return true
        } catch {
            return false
        }
    }

    /// Adds `count` contacts with full access, outside the limited app's set and outside
    /// ``contacts``: records only a test touches.
    mutating func addUnlistedContacts(_ count: Int) throws(ContactError) -> [String] {
        var request = SaveRequest(transactionAuthor: "setup")
        let references = (0..<count).map { _ in request.add(newContact()) }
        let result = try full.execute(request)
        return references.compactMap { result.identifier(for: $0) }
    }

    private func contactIdentifier(_ index: Int) -> String? {
        contacts.isEmpty ? nil : contacts[index % contacts.count]
    }

    private func groupIdentifier(_ index: Int) -> String? {
        groups.isEmpty ? nil : groups[index % groups.count]
    }

    private mutating func newContact() -> MutableContact {
        nextName += 1
        var contact = MutableContact()
        contact.givenName = "Given\(nextName)"
        contact.familyName = "Family\(nextName)"
        return contact
    }

    private mutating func newGroup() -> MutableGroup {
        nextName += 1
        return MutableGroup(name: "Group\(nextName)")
    }
}
