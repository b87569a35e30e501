extension ChangeEvent {
    /// The event as a row: a kind number that never changes meaning, and the identifiers.
    var storageRecord: EventRecord {
        switch self {
        case .addContact(let id): EventRecord(kind: 0, first: id, second: nil)
        case .updateContact(let id): EventRecord(kind: 1, first: id, second: nil)
        case .deleteContact(let id): EventRecord(kind: 2, first: id, second: nil)
        case .addGroup(let id): EventRecord(kind: 3, first: id, second: nil)
        case .updateGroup(let id): EventRecord(kind: 4, first: id, second: nil)
        case .deleteGroup(let id): EventRecord(kind: 5, first: id, second: nil)
        case .addMember(let contact, let group): EventRecord(kind: 6, first: contact, second: group)
        case .removeMember(let contact, let group): EventRecord(kind: 7, first: contact, second: group)
        case .addSubgroup(let child, let parent): EventRecord(kind: 8, first: child, second: parent)
        case .removeSubgroup(let child, let parent): EventRecord(kind: 9, first: child, second: parent)
        case .accessChanged(let bundle): EventRecord(kind: 10, first: bundle, second: nil)
        }
    }

    init(_ record: EventRecord) throws(ContactError) {
        switch (record.kind, record.second) {
        case (0, nil): self = .addContact(record.first)
        case (1, nil): self = .updateContact(record.first)
        case (2, nil): self = .deleteContact(record.first)
        case (3, nil): self = .addGroup(record.first)
        case (4, nil): self = .updateGroup(record.first)
        case (5, nil): self = .deleteGroup(record.first)
        case (6, let group?): self = .addMember(contact: record.first, group: group)
        case (7, let group?): self = .removeMember(contact: record.first, group: group)
        case (8, let parent?): self = .addSubgroup(record.first, parent: parent)
        case (9, let parent?): self = .removeSubgroup(record.first, parent: parent)
        case (10, nil): self = .accessChanged(bundleIdentifier: record.first)
        default: throw StorageCoding.corrupt("a history event of kind \(record.kind)")
        }
    }
}

extension CommitRecord {
    var storageRecord: HistoryRecord {
        HistoryRecord(sequence: sequence, transactionAuthor: transactionAuthor, originStoreIdentifier: originStoreIdentifier,
                      notifiedApps: notifiedApps.sorted(by: ContactIdentifier.precedes), events: events.map(\.storageRecord))
    }

    init(_ record: HistoryRecord) throws(ContactError) {
        guard !record.events.isEmpty else { throw StorageCoding.corrupt("commit \(record.sequence) has no event") }
        var events: [ChangeEvent] = []
        for event in record.events { events.append(try ChangeEvent(event)) }
        self.init(sequence: record.sequence, transactionAuthor: record.transactionAuthor,
                  originStoreIdentifier: record.originStoreIdentifier, events: events, notifiedApps: Set(record.notifiedApps))
    }
}

extension SortOrder {
    /// The order as a number that never changes meaning.
    var storageCode: Int {
        switch self {
        case .none: 0
        case .givenName: 1
        case .familyName: 2
        case .userDefault: 3
        }
    }

    init?(storageCode: Int) {
        switch storageCode {
        case 0: self = .none
        case 1: self = .givenName
        case 2: self = .familyName
        default: return nil  // a device's default is never userDefault itself
        }
    }
}
