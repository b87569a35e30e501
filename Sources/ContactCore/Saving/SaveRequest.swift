/// A batch of changes that commits whole or not at all (Apple's `CNSaveRequest`).
///
/// Operations apply in the order they were added; a later one sees the effect of an earlier
/// one, so you can add a contact and put it in a group in one request through the
/// reference ``add(_:toContainerWithIdentifier:)`` returns. If any operation fails, the
/// store is left exactly as it was.
public struct SaveRequest: Hashable, Sendable {
    /// A contact a request acts on: one already saved, or one this request adds.
    public enum ContactReference: Hashable, Sendable {
        case saved(String)
        /// A record this request adds; only ``SaveRequest/add(_:toContainerWithIdentifier:)``
        /// makes one, and in any other request it names nothing (`recordDoesNotExist`).
        case new(AddedRecord)
    }

    /// A group a request acts on: one already saved, or one this request adds.
    public enum GroupReference: Hashable, Sendable {
        case saved(String)
        case new(AddedRecord)
    }

    /// A record one request adds, as that request names it.
    public struct AddedRecord: Hashable, Sendable {
        let request: UInt64
        let index: Int
    }

    /// Tells this request's added records from any other request's.
    let identity = UInt64.random(in: 1...UInt64.max)

    enum Operation: Hashable, Sendable {
        case addContact(MutableContact, container: String?, reference: Int)
        case updateContact(ContactReference, MutableContact)
        case deleteContact(ContactReference)
        case addGroup(MutableGroup, container: String?, reference: Int)
        case updateGroup(GroupReference, MutableGroup)
        case deleteGroup(GroupReference)
        case addMember(ContactReference, group: GroupReference)
        case removeMember(ContactReference, group: GroupReference)
        case addSubgroup(GroupReference, parent: GroupReference)
        case removeSubgroup(GroupReference, parent: GroupReference)
    }

    /// Who made the change, as history and notifications report it; history fetches can
    /// leave out chosen authors.
    public var transactionAuthor: String?
    private(set) var operations: [Operation] = []
    private var addedCount = 0

    public init(transactionAuthor: String? = nil) {
        self.transactionAuthor = transactionAuthor
    }

    /// Whether the request holds no operation.
    public var isEmpty: Bool { operations.isEmpty }

    // MARK: Contacts

    /// Adds a new contact, to the default container unless you name one.
    ///
    /// Adding a contact that was already saved (one with an ``MutableContact/identifier``)
    /// fails with ``ContactError/Code/insertedRecordAlreadyExists``.
    @discardableResult
    public mutating func add(_ contact: MutableContact, toContainerWithIdentifier container: String? = nil)
        -> ContactReference
    {
        addedCount += 1
        operations.append(.addContact(contact, container: container, reference: addedCount))
        return .new(AddedRecord(request: identity, index: addedCount))
    }

    /// Writes the keys the contact carries to the saved contact it was copied from.
    public mutating func update(_ contact: MutableContact) {
        operations.append(.updateContact(.saved(contact.identifier ?? ""), contact))
    }

    /// Writes the keys `contact` carries to the referenced contact, which may be one this request adds.
    public mutating func updateContact(_ reference: ContactReference, with contact: MutableContact) {
        operations.append(.updateContact(reference, contact))
    }

    /// Deletes the saved contact; it leaves every group and every app's permitted set.
    public mutating func delete(_ contact: MutableContact) {
        operations.append(.deleteContact(.saved(contact.identifier ?? "")))
    }

    public mutating func deleteContact(_ reference: ContactReference) {
        operations.append(.deleteContact(reference))
    }

    // MARK: Groups

    @discardableResult
    public mutating func add(_ group: MutableGroup, toContainerWithIdentifier container: String? = nil)
        -> GroupReference
    {
        addedCount += 1
        operations.append(.addGroup(group, container: container, reference: addedCount))
        return .new(AddedRecord(request: identity, index: addedCount))
    }

    /// Renames the saved group the value was copied from.
    public mutating func update(_ group: MutableGroup) {
        operations.append(.updateGroup(.saved(group.identifier ?? ""), group))
    }

    public mutating func updateGroup(_ reference: GroupReference, with group: MutableGroup) {
        operations.append(.updateGroup(reference, group))
    }

    /// Deletes the group; its member contacts and subgroups stay.
    public mutating func delete(_ group: MutableGroup) {
        operations.append(.deleteGroup(.saved(group.identifier ?? "")))
    }

    public mutating func deleteGroup(_ reference: GroupReference) {
        operations.append(.deleteGroup(reference))
    }

    // MARK: Membership

    public mutating func addMember(_ contact: ContactReference, to group: GroupReference) {
        operations.append(.addMember(contact, group: group))
    }

    public mutating func removeMember(_ contact: ContactReference, from group: GroupReference) {
        operations.append(.removeMember(contact, group: group))
    }

    /// Nests a group in another; a nesting that would make a cycle is ``ContactError/Code/containmentCycle``.
    public mutating func addSubgroup(_ group: GroupReference, to parent: GroupReference) {
        operations.append(.addSubgroup(group, parent: parent))
    }

    public mutating func removeSubgroup(_ group: GroupReference, from parent: GroupReference) {
        operations.append(.removeSubgroup(group, parent: parent))
    }
}

/// What a committed ``SaveRequest`` created.
public struct SaveResult: Hashable, Sendable {
    let request: UInt64
    let contactIdentifiers: [Int: String]
    let groupIdentifiers: [Int: String]

    /// The identifier the store gave a contact the request added.
    public func identifier(for reference: SaveRequest.ContactReference) -> String? {
        switch reference {
        case .saved(let identifier): identifier
        case .new(let added): added.request == request ? contactIdentifiers[added.index] : nil
        }
    }

    /// The identifier the store gave a group the request added.
    public func identifier(for reference: SaveRequest.GroupReference) -> String? {
        switch reference {
        case .saved(let identifier): identifier
        case .new(let added): added.request == request ? groupIdentifiers[added.index] : nil
        }
    }
}
