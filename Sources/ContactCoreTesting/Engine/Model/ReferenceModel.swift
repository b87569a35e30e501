import ContactCore

/// SPEC 2–6 and 9 as plain data and linear scans: what the store is checked against.
///
/// Written from the contract, not from the store. It sees ContactCore only through its public
/// API and takes nothing from it but value types (statuses, keys, dates, requests' reference
/// enums); every rule is a few lines in one of the `ReferenceModel+…` files, so it can be
/// checked against SPEC by eye. Identifiers are ``ExactString``s (exact UTF-8 bytes), never
/// `String`s, so canonically equivalent spellings stay apart.
///
/// The model never makes identifiers: the runner tells it the ones the store assigned.
struct ReferenceModel: Equatable, Sendable {
    struct ModelContact: Equatable, Sendable {
        /// Every tracked field, exactly as last written.
        var values: ContactDraft
        var container: RecordID
    }

    struct ModelGroup: Equatable, Sendable {
        var name: String
        var container: RecordID
    }

    struct ModelApp: Equatable, Sendable {
        let bundleIdentifier: String
        let hasUsageDescription: Bool
        let hasNotesEntitlement: Bool
        var status: AuthorizationStatus = .notDetermined
        /// P: empty unless `status == .limited`.
        var permitted: Set<RecordID> = []
    }

    struct ShownPrompt: Equatable, Sendable {
        let bundleIdentifier: String
        let approved: [RecordID]?
    }

    /// A contact in a group, or a group in a group.
    struct Link: Hashable, Sendable {
        let child: RecordID
        let parent: RecordID
    }

    var contacts: [RecordID: ModelContact] = [:]
    /// Existing contacts, oldest first: the `none` sort order and the person's list.
    var contactOrder: [RecordID] = []
    var groups: [RecordID: ModelGroup] = [:]
    var groupOrder: [RecordID] = []
    var memberships: Set<Link> = []
    var nestings: Set<Link> = []
    /// Every container, the default first.
    var containers: [RecordID]
    var apps: [ModelApp]
    /// What the person answers at a prompt; `nil`: nobody answers.
    var promptAnswer: AccessAnswer?
    /// The prompts shown so far, in order: the app, and for the access button's simplified
    /// prompt the contacts it asks about (`nil`: the full prompt).
    var promptsShown: [ShownPrompt] = []
    /// The notifications each app should have received so far, in commit order.
    var notices: [[Notice]]
    /// Every identifier the store ever assigned: none may come twice.
    var issued: Set<RecordID> = []
    /// The order ``SortOrder/userDefault`` means.
    let defaultSortOrder: SortOrder

    init(apps: [AppConfiguration], containers: [String], defaultSortOrder: SortOrder) {
        self.apps = apps.map {
            ModelApp(bundleIdentifier: $0.bundleIdentifier,
                     hasUsageDescription: !($0.usageDescription ?? "").isEmpty,
                     hasNotesEntitlement: $0.hasNotesEntitlement)
        }
        notices = Array(repeating: [], count: apps.count)
        self.containers = containers.map(RecordID.init)
        issued = Set(self.containers)
        self.defaultSortOrder = defaultSortOrder == .userDefault ? .givenName : defaultSortOrder
    }

    var defaultContainer: RecordID? { containers.first }

    // MARK: The one visibility rule

    /// Whether the app sees the contact: it exists, and the app is authorized, or limited with
    /// the contact in P.
    func sees(_ app: Int, _ contact: RecordID) -> Bool {
        contacts[contact] != nil
            && (apps[app].status == .authorized || (apps[app].status == .limited && apps[app].permitted.contains(contact)))
    }

    func grantsAccess(_ app: Int) -> Bool { apps[app].status == .authorized || apps[app].status == .limited }

    /// The identifiers, of those given, that name an existing contact.
    func existing(_ identifiers: some Sequence<String>) -> Set<RecordID> {
        Set(identifiers.map(RecordID.init).filter { contacts[$0] != nil })
    }

    /// Contacts that exist but that the app cannot see.
    func hidden(from app: Int) -> [RecordID] { contactOrder.filter { !sees(app, $0) } }

    // MARK: Self-check

    /// The model's own invariants; a failure here is a bug in the model, not in the store.
    func selfCheck() -> String? {
        for app in apps {
            if !app.permitted.allSatisfy({ contacts[$0] != nil }) { return "P of \(app.bundleIdentifier) names a missing contact" }
            if app.status != .limited && !app.permitted.isEmpty { return "\(app.bundleIdentifier) has P without being limited" }
        }
        if contactOrder.count != contacts.count || !contactOrder.allSatisfy({ contacts[$0] != nil }) { return "contact order out of step" }
        if groupOrder.count != groups.count || !groupOrder.allSatisfy({ groups[$0] != nil }) { return "group order out of step" }
        if !memberships.allSatisfy({ contacts[$0.child] != nil && groups[$0.parent] != nil }) { return "dangling membership" }
        if !nestings.allSatisfy({ groups[$0.child] != nil && groups[$0.parent] != nil }) { return "dangling nesting" }
        return nil
    }
}
