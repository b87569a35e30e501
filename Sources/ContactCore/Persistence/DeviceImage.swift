/// Everything a storage holds about a device, in a canonical order: what opening a file
/// reads, what a new file starts from, and what two back ends compare after a reopen.
package struct DeviceImage: Hashable, Sendable {
    package var meta: DeviceMetaRecord
    /// The default local container first, then in the order they were added.
    package var containers: [ContainerRecord] = []
    /// By serial (insertion order).
    package var contacts: [ContactRecord] = []
    /// By serial.
    package var groups: [GroupRecord] = []
    /// Memberships (parent: group, child: contact), sorted.
    package var members: [PairRecord] = []
    /// Nestings (parent group, child group), sorted.
    package var subgroups: [PairRecord] = []
    /// Every app the device has a record of, by bundle identifier bytes.
    package var apps: [AppStatusRecord] = []
    /// Permitted sets (parent: bundle identifier, child: contact), sorted.
    package var permitted: [PairRecord] = []
    /// The commits the history keeps, oldest first.
    package var history: [HistoryRecord] = []

    /// A device with nothing but its settings; the reader fills in the rest.
    package init(meta: DeviceMetaRecord) {
        self.meta = meta
    }
}

/// What one commit changed, as rows to write in one transaction: the new value of each
/// touched record (or its deletion) and the differences of the sets.
package struct StorageWrite: Hashable, Sendable {
    /// Always written: the identifier generator and serial move even when nothing is recorded.
    package var meta: DeviceMetaRecord
    package var addedContainers: [ContainerRecord] = []
    package var savedContacts: [ContactRecord] = []
    package var deletedContacts: [String] = []
    package var savedGroups: [GroupRecord] = []
    package var deletedGroups: [String] = []
    package var addedMembers: [PairRecord] = []
    package var removedMembers: [PairRecord] = []
    package var addedSubgroups: [PairRecord] = []
    package var removedSubgroups: [PairRecord] = []
    package var savedApps: [AppStatusRecord] = []
    package var deletedApps: [String] = []
    package var addedPermissions: [PairRecord] = []
    package var removedPermissions: [PairRecord] = []
    /// The commit the history gains, if the change is recorded.
    package var appendedCommit: HistoryRecord?
    /// Commits up to and including this sequence number leave the history (its limit).
    package var historyKeepsAfter: UInt64?

    package init(meta: DeviceMetaRecord) {
        self.meta = meta
    }
}

extension DeviceImage {
    /// The parts in which `other` differs from this image, for a failure message.
    package func difference(from other: DeviceImage) -> String {
        var parts: [String] = []
        func compare<T: Equatable>(_ name: String, _ mine: T, _ theirs: T) {
            if mine != theirs { parts.append("\(name): \(mine) vs \(theirs)") }
        }
        func compare<T: Equatable>(_ name: String, _ mine: [T], _ theirs: [T]) {
            guard mine != theirs else { return }
            let index = mine.indices.first { $0 >= theirs.count || mine[$0] != theirs[$0] } ?? mine.count
            let first = index < mine.count ? "\(mine[index])" : "nothing"
            let second = index < theirs.count ? "\(theirs[index])" : "nothing"
            parts.append("\(name) (\(mine.count) vs \(theirs.count)) first differ at \(index): \(first) vs \(second)")
        }
        compare("meta", meta, other.meta)
        compare("containers", containers, other.containers)
        compare("contacts", contacts, other.contacts)
        compare("groups", groups, other.groups)
        compare("members", members, other.members)
        compare("subgroups", subgroups, other.subgroups)
        compare("apps", apps, other.apps)
        compare("permitted", permitted, other.permitted)
        compare("history", history, other.history)
        return parts.joined(separator: "; ")
    }
}
