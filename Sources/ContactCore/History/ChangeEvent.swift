/// One net change a commit made, as history and notifications report it.
public enum ChangeEvent: Hashable, Sendable {
    case addContact(String)
    case updateContact(String)
    case deleteContact(String)
    case addGroup(String)
    case updateGroup(String)
    case deleteGroup(String)
    case addMember(contact: String, group: String)
    case removeMember(contact: String, group: String)
    case addSubgroup(String, parent: String)
    case removeSubgroup(String, parent: String)
    /// The app's status or permitted set changed (Settings, a prompt, a picker, the button).
    case accessChanged(bundleIdentifier: String)
}

/// One committed change of the device, in the order commits happened.
struct CommitRecord: Hashable, Sendable {
    /// Strictly increasing per device, starting at 1.
    let sequence: UInt64
    let transactionAuthor: String?
    /// The ``ContactStore`` instance that made it, or `nil` for the person (prompts, Settings).
    let originStoreIdentifier: UInt64?
    /// Net changes in request order; never empty.
    let events: [ChangeEvent]
    /// Bundle identifiers that could see something this commit changed: they are notified.
    let notifiedApps: Set<String>
}
