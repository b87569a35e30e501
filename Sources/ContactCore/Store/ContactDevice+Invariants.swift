extension ContactDevice {
    /// What is wrong with the device's state, in sentences; empty when nothing is.
    ///
    /// A debug check for tests and fuzzers, cheap next to a full comparison with a model: every
    /// permitted set names existing contacts only and only a limited app has one (SPEC 3, 4);
    /// the search index, once a search has built it (or once opening has filed its keys), files
    /// exactly what an index built at once files, and so does each limited app's index of its
    /// permitted set; and, while the history still reaches its first commit, replaying it gives
    /// exactly the contacts, groups and memberships there are (SPEC 11).
    public func checkInvariants() -> [String] {
        state.withLock { $0.invariantViolations() }
    }
}

extension DeviceState {
    func invariantViolations() -> [String] {
        var problems: [String] = []
        for (bundle, app) in apps.sorted(by: { $0.key < $1.key }) {
            if app.status != .limited && !app.permitted.isEmpty {
                problems.append("\(bundle) is \(app.status) but has a permitted set")
            }
            for identifier in app.permitted where contacts[identifier] == nil {
                problems.append("the permitted set of \(bundle) names \(identifier), which does not exist")
            }
        }
        // The index kept up to date save by save against one built at once from the contacts, as
        // the first search builds it: one build and one comparison check both ways of making an
        // index. Before the first search after opening, the one it would build from the keys
        // filed while reading is checked; before the first search otherwise, there is none.
        if let kept = searchIndex ?? indexFromOpening(), let difference = kept.difference(from: SearchIndex(bulk: contacts)) {
            problems.append("the search index differs from a bulk build: \(difference)")
        }
        for (bundle, index) in permittedIndexes.sorted(by: { $0.key < $1.key }) {
            let record = app(bundle)
            guard record.status == .limited else {
                problems.append("\(bundle) is \(record.status) but keeps a search index of a permitted set")
                continue
            }
            if let difference = index.difference(from: Self.permittedIndex(of: record, in: contacts)) {
                problems.append("the search index of the permitted set of \(bundle) differs from a bulk build: \(difference)")
            }
        }
        if history.horizon == 0 { problems += historyReplayProblems() }
        return problems
    }

    /// Replays every commit's events from an empty device and compares what exists.
    private func historyReplayProblems() -> [String] {
        var replayedContacts = Set<String>(), replayedGroups = Set<String>()
        var replayedMembers = Set<[String]>(), replayedNesting = Set<[String]>()
        for record in history.records(after: 0) {
            for event in record.events {
                switch event {
                case .addContact(let id): replayedContacts.insert(id)
                case .deleteContact(let id):
                    replayedContacts.remove(id)
                    replayedMembers = replayedMembers.filter { $0[0] != id }
                case .addGroup(let id): replayedGroups.insert(id)
                case .deleteGroup(let id):
                    replayedGroups.remove(id)
                    replayedMembers = replayedMembers.filter { $0[1] != id }
                    replayedNesting = replayedNesting.filter { !$0.contains(id) }
                case .addMember(let contact, let group): replayedMembers.insert([contact, group])
                case .removeMember(let contact, let group): replayedMembers.remove([contact, group])
                case .addSubgroup(let child, let parent): replayedNesting.insert([child, parent])
                case .removeSubgroup(let child, let parent): replayedNesting.remove([child, parent])
                case .updateContact, .updateGroup, .accessChanged: break
                }
            }
        }
        var problems: [String] = []
        if replayedContacts != Set(contacts.identifiers) { problems.append("the history replays to other contacts than the device holds") }
        if replayedGroups != Set(groups.keys) { problems.append("the history replays to other groups than the device holds") }
        let memberPairs = Set(members.flatMap { group, contacts in contacts.map { [$0, group] } })
        if replayedMembers != memberPairs { problems.append("the history replays to other memberships than the device holds") }
        let nesting = Set(subgroups.flatMap { parent, children in children.map { [$0, parent] } })
        if replayedNesting != nesting { problems.append("the history replays to other subgroups than the device holds") }
        return problems
    }
}
