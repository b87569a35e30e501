extension DeviceState {
    var metaRecord: DeviceMetaRecord {
        DeviceMetaRecord(seed: identifiers.seed, identifierCounter: identifiers.counter, historyIdentity: historyIdentity,
                         nextSerial: nextSerial, defaultSortOrder: defaultSortOrder.storageCode,
                         defaultContainerIdentifier: defaultContainerIdentifier, historyLimit: history.limit,
                         lastSequence: history.lastSequence)
    }

    /// Everything storage holds, in the image's canonical order.
    var image: DeviceImage {
        let pairs = { (sets: [String: Set<String>]) in
            sets.flatMap { parent, children in children.map { PairRecord(parent: parent, child: $0) } }.sorted()
        }
        var image = DeviceImage(meta: metaRecord)
        image.containers = containers.map(ContainerRecord.init)
        image.contacts = contacts.positionsBySerial.map { ContactRecord(identifier: contacts.identifier(at: $0), contacts[$0]) }
        image.groups = groups.sorted { $0.value.serial < $1.value.serial }.map { GroupRecord(identifier: $0.key, $0.value) }
        image.members = pairs(members)
        image.subgroups = pairs(subgroups)
        image.apps = apps.sorted { ContactIdentifier.precedes($0.key, $1.key) }
            .map { AppStatusRecord(bundleIdentifier: $0.key, status: $0.value.status.rawValue) }
        image.permitted = pairs(apps.mapValues(\.permitted))
        image.history = history.records.map(\.storageRecord)
        return image
    }

    /// The rows the journal's changes and `record` make: new values of touched records, and
    /// the differences of each touched set from its stored value.
    func storageWrite(appending record: CommitRecord?) -> StorageWrite {
        var write = StorageWrite(meta: metaRecord)
        write.addedContainers = containers[journal.containerCount...].map(ContainerRecord.init)
        for identifier in journal.contacts.keys {
            if let stored = contacts[identifier] {
                write.savedContacts.append(ContactRecord(identifier: identifier, stored))
            } else {
                write.deletedContacts.append(identifier)
            }
        }
        for identifier in journal.groups.keys {
            if let stored = groups[identifier] {
                write.savedGroups.append(GroupRecord(identifier: identifier, stored))
            } else {
                write.deletedGroups.append(identifier)
            }
        }
        func difference(_ before: Set<String>?, _ after: Set<String>?, parent: String,
                        added: inout [PairRecord], removed: inout [PairRecord]) {
            let before = before ?? [], after = after ?? []
            added += after.subtracting(before).map { PairRecord(parent: parent, child: $0) }
            removed += before.subtracting(after).map { PairRecord(parent: parent, child: $0) }
        }
        for (group, before) in journal.members {
            difference(before, members[group], parent: group, added: &write.addedMembers, removed: &write.removedMembers)
        }
        for (group, before) in journal.subgroups {
            difference(before, subgroups[group], parent: group, added: &write.addedSubgroups, removed: &write.removedSubgroups)
        }
        for (bundle, before) in journal.apps {
            if let now = apps[bundle] {
                write.savedApps.append(AppStatusRecord(bundleIdentifier: bundle, status: now.status.rawValue))
            } else {
                write.deletedApps.append(bundle)
            }
            difference(before?.permitted, apps[bundle]?.permitted, parent: bundle,
                       added: &write.addedPermissions, removed: &write.removedPermissions)
        }
        if let record {
            write.appendedCommit = record.storageRecord
            write.meta.lastSequence = record.sequence
            if record.sequence > UInt64(history.limit) { write.historyKeepsAfter = record.sequence - UInt64(history.limit) }
        }
        return write
    }

    /// The state `image` describes, once every rule the device keeps has been checked: a
    /// damaged file is ``ContactError/Code/storageCorrupt``, never a state that breaks a rule
    /// later. The search index is built by the first search that needs it.
    ///
    /// `table`: contacts a reader already added one by one, when the image has none.
    init(image: DeviceImage, table: ContactTable? = nil, storage: any DeviceStorage) throws(ContactError) {
        let meta = image.meta
        let corrupt = StorageCoding.corrupt
        guard let sortOrder = SortOrder(storageCode: meta.defaultSortOrder) else { throw corrupt("sort order \(meta.defaultSortOrder)") }
        guard meta.historyLimit >= 1 else { throw corrupt("history limit \(meta.historyLimit)") }

        var containers: [ContactContainer] = []
        for record in image.containers {
            guard let kind = ContactContainer.Kind(rawValue: record.kind), ContactIdentifier.isWellFormed(record.identifier),
                  !containers.contains(where: { $0.identifier == record.identifier })
            else { throw corrupt("container \(record.identifier)") }
            containers.append(ContactContainer(identifier: record.identifier, name: record.name, kind: kind))
        }
        let containerIdentifiers = Set(containers.map(\.identifier))
        guard containerIdentifiers.contains(meta.defaultContainerIdentifier) else { throw corrupt("no default container") }

        var table = table ?? ContactTable(capacity: image.contacts.count)
        for index in image.contacts.indices { try table.add(image.contacts[index]) }
        let contacts = table.contacts
        if let stray = table.containers.first(where: { !containerIdentifiers.contains($0) }) {
            throw corrupt("contact \(contacts.indices.first { contacts[$0].containerIdentifier == stray }.map(contacts.identifier(at:)) ?? "")")
        }
        var groups: [String: StoredGroup] = [:]
        for record in image.groups {
            guard ContactIdentifier.isWellFormed(record.identifier), containerIdentifiers.contains(record.containerIdentifier),
                  groups.updateValue(StoredGroup(name: record.name, containerIdentifier: record.containerIdentifier,
                                                 serial: record.serial), forKey: record.identifier) == nil
            else { throw corrupt("group \(record.identifier)") }
        }
        try Self.checkSerials(contacts: contacts, groups: image.groups, nextSerial: meta.nextSerial)
        var members: [String: Set<String>] = [:]
        for pair in image.members {
            guard groups[pair.parent] != nil, contacts.position(of: pair.child) != nil else { throw corrupt("a membership of \(pair.child)") }
            members[pair.parent, default: []].insert(pair.child)
        }
        var subgroups: [String: Set<String>] = [:]
        for pair in image.subgroups {
            guard groups[pair.parent] != nil, groups[pair.child] != nil, pair.parent != pair.child else {
                throw corrupt("a nesting of \(pair.child)")
            }
            subgroups[pair.parent, default: []].insert(pair.child)
        }
        if Self.hasCycle(subgroups) { throw corrupt("groups that contain themselves") }
        var apps: [String: AppRecord] = [:]
        for record in image.apps {
            guard let status = AuthorizationStatus(rawValue: record.status),
                  apps.updateValue(AppRecord(status: status), forKey: record.bundleIdentifier) == nil
            else { throw corrupt("app \(record.bundleIdentifier)") }
        }
        for pair in image.permitted {
            guard apps[pair.parent]?.status == .limited, contacts.position(of: pair.child) != nil else {
                throw corrupt("the permitted set of \(pair.parent)")
            }
            apps[pair.parent]?.permitted.insert(pair.child)
        }
        var commits: [CommitRecord] = []
        for record in image.history { commits.append(try CommitRecord(record)) }
        let consecutive = zip(commits, commits.dropFirst()).allSatisfy { $1.sequence == $0.sequence &+ 1 }
        guard consecutive, commits.count <= meta.historyLimit, commits.last?.sequence ?? meta.lastSequence == meta.lastSequence,
              meta.lastSequence == 0 || !commits.isEmpty, commits.first.map({ $0.sequence >= 1 }) ?? true
        else { throw corrupt("a history that is not the device's") }

        self.init(identifiers: IdentifierGenerator(seed: meta.seed, counter: meta.identifierCounter),
                  historyIdentity: meta.historyIdentity, nextSerial: meta.nextSerial, contacts: contacts,
                  groups: groups,
                  containers: containers, defaultContainerIdentifier: meta.defaultContainerIdentifier, members: members,
                  subgroups: subgroups, apps: apps, defaultSortOrder: sortOrder,
                  history: ChangeLog(limit: meta.historyLimit, records: commits, lastSequence: meta.lastSequence),
                  storage: storage, openedIndex: table.searchIndexParts())
    }

    /// Serials run from 1 to `nextSerial`, each used once by a contact or a group. A reader
    /// lists the contacts in serial order, so their check is one pass; the few groups are
    /// then looked up among them.
    private static func checkSerials(
        contacts: StoredContacts, groups: [GroupRecord], nextSerial: UInt64
    ) throws(ContactError) {
        func check(_ serial: UInt64, _ identifier: String, repeated: Bool) throws(ContactError) {
            guard serial >= 1, serial <= nextSerial, !repeated else { throw StorageCoding.corrupt("the serial of \(identifier)") }
        }
        let sorted = contacts.positionsBySerial
        for (index, position) in sorted.enumerated() {
            let serial = contacts.serial(at: position)
            try check(serial, contacts.identifier(at: position), repeated: index > 0 && contacts.serial(at: sorted[index - 1]) == serial)
        }
        var groupSerials = Set<UInt64>()
        for group in groups {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if contacts.serial(at: sorted[middle]) < group.serial { low = middle + 1 } else { high = middle }
            }
            let taken = (low < sorted.count && contacts.serial(at: sorted[low]) == group.serial) || !groupSerials.insert(group.serial).inserted
            try check(group.serial, group.identifier, repeated: taken)
        }
    }

    /// Whether some group contains itself through its subgroups.
    private static func hasCycle(_ subgroups: [String: Set<String>]) -> Bool {
        var done = Set<String>(), onPath = Set<String>()
        func visit(_ group: String) -> Bool {
            if onPath.contains(group) { return true }
            guard done.insert(group).inserted else { return false }
            onPath.insert(group)
            defer { onPath.remove(group) }
            return (subgroups[group] ?? []).contains(where: visit)
        }
        return subgroups.keys.contains(where: visit)
    }
}

extension ContainerRecord {
    init(_ container: ContactContainer) {
        self.init(identifier: container.identifier, name: container.name, kind: container.kind.rawValue)
    }
}

extension GroupRecord {
    init(identifier: String, _ stored: StoredGroup) {
        self.init(identifier: identifier, serial: stored.serial, name: stored.name, containerIdentifier: stored.containerIdentifier)
    }
}
