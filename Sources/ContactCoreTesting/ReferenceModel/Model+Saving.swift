import ContactCore

/// SPEC 6: a save request, all or nothing, checked in order: access, the notes entitlement,
/// validation, then each step's records.
extension Model {
    /// A record as a save names it: saved, or the n-th record (contact or group) the request adds.
    package enum Reference: Hashable, Sendable {
        case saved(String)
        case added(Int)
    }

    /// A save's steps; an add carries the request's reference number for it, and the
    /// container it names (`nil`: the default one).
    package enum SaveStep: Sendable {
        case add(Draft, reference: Int, container: String? = nil)
        case update(Reference, Draft)
        case delete(Reference)
        case addGroup(String, reference: Int, container: String? = nil)
        case deleteGroup(Reference)
        case addMember(Reference, Reference)
        case removeMember(Reference, Reference)
        /// Nests the first group in the second.
        case addSubgroup(Reference, Reference)
        case removeSubgroup(Reference, Reference)
        /// A new name; `carrying`: the identifier the request's group value carries (a fetched
        /// copy's), which a validation error lists.
        case renameGroup(Reference, name: String, carrying: String?)
        /// A fetched copy with a new given name: writes the given name and every other key the
        /// fetch carried, with the values the fetch read (`fetched`), which a save that landed
        /// in between may have changed since (SPEC 2: an update writes the keys it carries).
        case edit(Reference, givenPerson: Int, fetched: Contact, keys: Keys)
    }

    package enum SaveOutcome: Hashable, Sendable {
        case saved
        /// The code and the identifiers the error lists; validation failures are counted.
        case failed(ContactError.Code, identifiers: [String], underlying: Int)
    }

    /// Runs a save. New records get the identifiers the store gave them (`newContacts`,
    /// `newGroups`, by the request's reference number), or placeholders when it gave none.
    /// A request's adds of contacts and groups share one sequence of reference numbers.
    package mutating func save(app: Int, author: String?, steps: [SaveStep], newContacts: [Int: String],
                               newGroups: [Int: String]) -> SaveOutcome {
        if let code = access(app) { return .failed(code, identifiers: [], underlying: 0) }
        let entitled = Cast.apps[app].hasNotesEntitlement
        if !entitled, steps.contains(where: { $0.draft?.note.isEmpty == false }) {
            return .failed(.unauthorizedKeys, identifiers: [], underlying: 0)
        }
        let invalid = steps.flatMap(\.validationFailures)
        if invalid.count == 1 { return .failed(invalid[0].code, identifiers: invalid[0].identifiers, underlying: 0) }
        if invalid.count > 1 {
            // Every identifier the failures list, once, in identifier order (SPEC 2: UTF-8 bytes).
            let listed = Set(invalid.flatMap(\.identifiers)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return .failed(.validationMultipleErrors, identifiers: listed, underlying: invalid.count)
        }

        var after = self
        var failures: [(ContactError.Code, [String])] = []
        var touched: [(Object, Int)] = []
        var created: [Int: String] = [:]
        func contactID(_ ref: Reference, in model: Model) -> String? {
            switch ref {
            case .saved(let id): model.isVisible(id, to: app) ? model.contact(id)?.id : nil
            case .added(let n): created[n].flatMap { model.contact($0)?.id }
            }
        }
        func groupID(_ ref: Reference, in model: Model) -> String? {
            switch ref {
            case .saved(let id): model.group(id)
            case .added(let n): created[n].flatMap { id in model.hasGroup(id) ? id : nil }
            }
        }
        func given(_ ref: Reference) -> [String] { if case .saved(let id) = ref { [id] } else { [] } }

        for (position, step) in steps.enumerated() {
            switch step {
            case .add(let draft, let reference, let named):
                guard let container = after.container(named) else {
                    failures.append((.parentRecordDoesNotExist, named.map { [$0] } ?? []))
                    continue
                }
                let id = newContacts[reference] ?? "new record \(reference)"
                created[reference] = id
                after.contacts.append(Contact(id: id, draft, entitled: entitled))
                if after.apps[app].status == .limited { after.apps[app].permitted.insert(id) }
                after.contacts[after.contacts.count - 1].container = container
                touched.append((.contact(id), position))
            case .update(let ref, let draft):
                guard let id = contactID(ref, in: after), let index = after.contacts.firstIndex(where: { $0.id == id }) else {
                    failures.append((.recordDoesNotExist, given(ref)))
                    continue
                }
                // New values; the container and (without the entitlement) the note stay.
                let old = after.contacts[index]
                after.contacts[index] = Contact(id: id, draft, entitled: entitled)
                after.contacts[index].container = old.container
                if !entitled { after.contacts[index].note = old.note }
                touched.append((.contact(id), position))
            case .edit(let ref, let givenPerson, let fetched, let keys):
                guard let id = contactID(ref, in: after), let index = after.contacts.firstIndex(where: { $0.id == id }) else {
                    failures.append((.recordDoesNotExist, given(ref)))
                    continue
                }
                after.contacts[index].write(fetched, carrying: keys)
                after.contacts[index].givenPerson = givenPerson
                touched.append((.contact(id), position))
            case .delete(let ref):
                guard let id = contactID(ref, in: after) else {
                    failures.append((.recordDoesNotExist, given(ref)))
                    continue
                }
                after.contacts.removeAll { $0.id == id }
                for pair in after.members where pair.contact == id {
                    after.members.remove(pair)
                    touched.append((.member(contact: id, group: pair.group), position))
                }
                for index in after.apps.indices { after.apps[index].permitted.remove(id) }
                touched.append((.contact(id), position))
            case .addGroup(let name, let reference, let named):
                guard let container = after.container(named) else {
                    failures.append((.parentRecordDoesNotExist, named.map { [$0] } ?? []))
                    continue
                }
                let id = newGroups[reference] ?? "new record \(reference)"
                created[reference] = id
                after.groups.append((id, name, container))
                touched.append((.group(id), position))
            case .renameGroup(let ref, let name, _):
                guard let id = groupID(ref, in: after), let index = after.groups.firstIndex(where: { $0.id == id }) else {
                    failures.append((.recordDoesNotExist, given(ref)))
                    continue
                }
                after.groups[index].name = name
                touched.append((.group(id), position))
            case .deleteGroup(let ref):
                guard let id = groupID(ref, in: after) else {
                    failures.append((.recordDoesNotExist, given(ref)))
                    continue
                }
                after.groups.removeAll { $0.id == id }
                for pair in after.members where pair.group == id {
                    after.members.remove(pair)
                    touched.append((.member(contact: pair.contact, group: id), position))
                }
                for nesting in after.subgroups where nesting.group == id || nesting.parent == id {
                    after.subgroups.remove(nesting)
                    touched.append((.subgroup(group: nesting.group, parent: nesting.parent), position))
                }
                touched.append((.group(id), position))
            case .addMember(let ref, let groupRef), .removeMember(let ref, let groupRef):
                guard let group = groupID(groupRef, in: after) else {
                    failures.append((.parentRecordDoesNotExist, given(groupRef)))
                    continue
                }
                guard let id = contactID(ref, in: after) else {
                    failures.append((.recordDoesNotExist, given(ref)))
                    continue
                }
                if case .addMember = step {
                    after.members.insert(Pair(contact: id, group: group))
                } else {
                    after.members.remove(Pair(contact: id, group: group))
                }
                touched.append((.member(contact: id, group: group), position))
            case .addSubgroup(let childRef, let parentRef), .removeSubgroup(let childRef, let parentRef):
                // As a membership: the parent is checked first (SPEC 6's parentRecordDoesNotExist).
                guard let parent = groupID(parentRef, in: after) else {
                    failures.append((.parentRecordDoesNotExist, given(parentRef)))
                    continue
                }
                guard let child = groupID(childRef, in: after) else {
                    failures.append((.recordDoesNotExist, given(childRef)))
                    continue
                }
                let nesting = Nesting(group: child, parent: parent)
                if case .addSubgroup = step {
                    // SPEC 2: no group contains itself, directly or through its subgroups.
                    guard !after.groups(under: child).contains(parent) else {
                        failures.append((.containmentCycle, given(childRef) + given(parentRef)))
                        continue
                    }
                    after.subgroups.insert(nesting)
                } else {
                    after.subgroups.remove(nesting)
                }
                touched.append((.subgroup(group: child, parent: parent), position))
            }
        }
        if let first = failures.first {
            // Every affected identifier, exactly as given, each once (exact bytes), empty ones included.
            var listed: [String] = []
            for id in failures.flatMap(\.1) where !listed.contains(where: { Self.same($0, id) }) {
                listed.append(id)
            }
            return .failed(first.0, identifiers: listed, underlying: 0)
        }
        commit(to: after, author: author, by: app, touched: touched)
        return .saved
    }

    /// Adopts `after` and records the commit, if anything changed (SPEC 6: an update always does).
    private mutating func commit(to after: Model, author: String?, by app: Int, touched: [(Object, Int)]) {
        // Each object once, at its last touch, in the order of last touches: by a table of last
        // touches when the request touched many (a crowd of thousands), as a search each is
        // quadratic; by that search when few, as a table costs more than a program's commits.
        var last: [(Object, Int)] = []
        if touched.count > Self.fewLookups {
            var lastTouch: [Object: Int] = [:]
            for (index, (object, _)) in touched.enumerated() { lastTouch[object] = index }
            last = touched.indices.filter { lastTouch[touched[$0].0] == $0 }.map { touched[$0] }
        } else {
            for (object, position) in touched {
                last.removeAll { $0.0 == object }
                last.append((object, position))
            }
        }
        let contactBefore = contactLookup(for: last.count), contactAfter = after.contactLookup(for: last.count)
        func present(_ object: Object, in model: Model, _ lookup: (String) -> Contact?) -> Bool {
            if case .contact(let id) = object { return lookup(id) != nil }
            return model.exists(object)
        }
        let changes = last.map { object, position in
            Change(object: object, position: position, before: present(object, in: self, contactBefore),
                   after: present(object, in: after, contactAfter))
        }.filter { change in
            // SPEC 6: an update counts even when equal; an add then a delete in one request is nothing.
            if case .member = change.object { return change.before != change.after }
            if case .subgroup = change.object { return change.before != change.after }
            return change.before || change.after
        }
        guard !changes.isEmpty else { return }
        // SPEC 10: every app that could see a changed contact before or after, or whose P changed.
        // Each changed contact as it was and as it is (nil for a group), looked up once for all apps.
        let changedContacts = changes.map { change -> (before: Contact?, after: Contact?)? in
            switch change.object {
            case .contact(let id), .member(let id, _): (contactBefore(id), contactAfter(id))
            case .group, .subgroup: nil
            }
        }
        let notified = Set(apps.indices.filter { app in
            apps[app] != after.apps[app] || changedContacts.contains { contact in
                guard let contact else { return apps[app].status.grantsAccess }
                return contact.before.map { sees($0, app) } == true || contact.after.map { after.sees($0, app) } == true
            }
        })
        // The history goes on from this model's commits (a P change inside the request made one in
        // `after`): appended in place, not copied for every commit.
        var history = commits
        commits = []
        history.append(Commit(author: author, changes: changes, notified: notified, origin: app))
        self = after
        commits = history
    }

    /// Whether the object exists now (a membership: holds now).
    package func exists(_ object: Object) -> Bool {
        switch object {
        case .contact(let id): contact(id) != nil
        case .group(let id): hasGroup(id)
        case .member(let contact, let group): members.contains(Pair(contact: contact, group: group))
        case .subgroup(let group, let parent): subgroups.contains(Nesting(group: group, parent: parent))
        }
    }

    /// SPEC 2: the stored identifier of the container a save names, the default one for none;
    /// `nil` when it names none that exists.
    func container(_ named: String?) -> String? {
        guard let named else { return containers.first }
        return containers.first { Self.same($0, named) }
    }

    /// The group and every group nested in it, at any depth.
    func groups(under group: String) -> Set<String> {
        var found: Set<String> = [group]
        while case let more = subgroups.filter({ found.contains($0.parent) && !found.contains($0.group) }), !more.isEmpty {
            found.formUnion(more.map(\.group))
        }
        return found
    }
}

extension Model.SaveStep {
    var draft: Draft? {
        switch self {
        case .add(let draft, _, _), .update(_, let draft): draft
        default: nil
        }
    }

    /// SPEC 6 validation, as Decisions ("Saving") write it: each invalid date is a type mismatch;
    /// a list with an empty label, and a group named only by white space, a configuration error.
    /// Each failure lists the identifier the request's value carries (only a renamed group's copy has one).
    var validationFailures: [(code: ContactError.Code, identifiers: [String])] {
        switch self {
        case .addGroup(let name, _, _):
            return name.allSatisfy(\.isWhitespace) ? [(.validationConfigurationError, [])] : []
        case .renameGroup(_, let name, let carrying):
            return name.allSatisfy(\.isWhitespace) ? [(.validationConfigurationError, carrying.map { [$0] } ?? [])] : []
        default:
            return contactValidationFailures.map { ($0, []) }
        }
    }

    private var contactValidationFailures: [ContactError.Code] {
        guard let draft else { return [] }
        let birthday: [ContactError.Code] = draft.birthday.map { Model.isValid($0) ? [] : [.validationTypeMismatch] } ?? []
        // Most drafts have nothing more: their first number and address carry standard labels.
        guard draft.more != More() else { return birthday }
        let details = Vocabulary.details[draft.more.details]
        let dates = [draft.birthday, details.nonGregorianBirthday].compactMap { $0 } + details.dates.map(\.value)
        let labels: [[ContactLabel?]] = [
            draft.more.phones.map(\.contactLabel), draft.more.emails.map(\.contactLabel),
            draft.more.postalAddresses.map(\.label), details.urlAddresses.map(\.label), details.socialProfiles.map(\.label),
            details.instantMessageAddresses.map(\.label), details.contactRelations.map(\.label), details.dates.map(\.label),
        ]
        let code = draft.more.countryCode.map(Model.isValidCountryCode)
        return dates.filter { !Model.isValid($0) }.map { _ in .validationTypeMismatch }
            + (code == false ? [.validationTypeMismatch] : [])
            + labels.filter { $0.contains { $0?.rawValue.isEmpty == true } }.map { _ in .validationConfigurationError }
    }
}
