import ContactCore

/// SPEC 4 (writes under limited access) and 6 (saving): a request is checked as a whole —
/// access, entitlements, values — then applied step by step to a copy of the model that
/// replaces it only if no step failed.
extension ReferenceModel {
    /// One operation of a save request, as the model reads it.
    enum SaveStep: Sendable {
        /// `keys` are those the `MutableContact` carries (all, for a new one); `identifier`
        /// is its identifier: `nil` for a new one.
        case addContact(ContactDraft, keys: Set<ContactKey>, identifier: String?, container: String?)
        /// Writes the `keys` the contact carries (a new `MutableContact` carries all).
        case updateContact(SaveRequest.ContactReference, ContactDraft, keys: Set<ContactKey>, identifier: String?)
        case deleteContact(SaveRequest.ContactReference)
        case addGroup(name: String, container: String?)
        case renameGroup(SaveRequest.GroupReference, name: String)
        case deleteGroup(SaveRequest.GroupReference)
        case addMember(SaveRequest.ContactReference, group: SaveRequest.GroupReference)
        case removeMember(SaveRequest.ContactReference, group: SaveRequest.GroupReference)
        case addSubgroup(SaveRequest.GroupReference, parent: SaveRequest.GroupReference)
        case removeSubgroup(SaveRequest.GroupReference, parent: SaveRequest.GroupReference)
    }

    /// Runs a save request. `assigned` maps the request's n-th add (contacts and groups
    /// counted together, from 1) to the identifier the store gave it; without one the model
    /// uses a stand-in, which only a failing request can need.
    mutating func save(_ app: Int, _ steps: [SaveStep], author: String? = nil, assigned: [Int: String]) -> Observation {
        if let error = gate(app) { return .failed(error) }
        if let error = entitlementError(steps, app: app) { return .failed(error) }
        let invalid = steps.flatMap(validationErrors)
        if invalid.count == 1 { return .failed(invalid[0]) }
        if invalid.count > 1 {
            let identifiers = Set(invalid.flatMap(\.identifiers)).sorted()
            return .failed(ErrorSnapshot(.validationMultipleErrors, identifiers, underlying: invalid))
        }
        var working = self
        var transaction = Transaction(app: app, assigned: assigned)
        let failures = steps.compactMap { working.apply($0, in: &transaction) }
        guard let first = failures.first else {
            let before = self
            self = working
            if let audience = audience(of: transaction, before: before) { notify(audience, author: author, from: app) }
            return .saved
        }
        var seen: Set<RecordID> = []
        let named = failures.flatMap(\.identifiers).filter { !$0.utf8.isEmpty && seen.insert($0).inserted }
        return .failed(ErrorSnapshot(first.code, named))
    }

    /// Fetches a contact, edits the mutable copy the way `edit` says, and saves it.
    mutating func editFetched(_ app: Int, _ identifier: String, keys: [ContactKey], _ edit: FetchedEdit) -> Observation {
        let fetched = fetchContact(app, identifier, keys: keys)
        guard case .contact(let copy) = fetched, var values = contacts[copy.identifier]?.values else { return fetched }
        let saved = copy.identifier.string
        let step: SaveStep
        switch edit {
        case .setGivenName(let name):
            values.givenName = name
            step = .updateContact(.saved(saved), values, keys: Set(keys).union([.givenName]), identifier: saved)
        case .addAgain: step = .addContact(values, keys: Set(keys), identifier: saved, container: nil)
        case .delete: step = .deleteContact(.saved(saved))
        }
        return .then(fetched, save(app, [step], assigned: [:]))
    }

    // MARK: Checks on the request alone

    /// A non-empty note without the notes entitlement: the first such contact.
    private func entitlementError(_ steps: [SaveStep], app: Int) -> ErrorSnapshot? {
        guard !apps[app].hasNotesEntitlement else { return nil }
        for step in steps {
            switch step {
            case .addContact(let draft, let keys, let identifier, _), .updateContact(_, let draft, let keys, let identifier):
                if keys.contains(.note) && !draft.note.isEmpty {
                    return ErrorSnapshot(.unauthorizedKeys, identifier.map { [RecordID($0)] } ?? [])
                }
            default: continue
            }
        }
        return nil
    }

    /// Impossible dates, empty labels, blank group names (3xx), for the keys written.
    private func validationErrors(_ step: SaveStep) -> [ErrorSnapshot] {
        let draft: ContactDraft
        let keys: Set<ContactKey>
        let identifier: String?
        switch step {
        case .addContact(let value, let carried, let saved, _), .updateContact(_, let value, let carried, let saved):
            (draft, keys, identifier) = (value, carried, saved)
        case .addGroup(let name, _), .renameGroup(_, let name):
            return name.allSatisfy(\.isWhitespace) ? [ErrorSnapshot(.validationConfigurationError)] : []
        default: return []
        }
        let named = identifier.map { [RecordID($0)] } ?? []
        var errors: [ErrorSnapshot] = []
        if keys.contains(.birthday), let birthday = draft.birthday, !Self.isPossible(birthday) {
            errors.append(ErrorSnapshot(.validationTypeMismatch, named))
        }
        if keys.contains(.phoneNumbers), draft.phoneNumbers.contains(where: { $0.label?.rawValue.isEmpty == true }) {
            errors.append(ErrorSnapshot(.validationConfigurationError, named))
        }
        if keys.contains(.emailAddresses), draft.emailAddresses.contains(where: { $0.label?.rawValue.isEmpty == true }) {
            errors.append(ErrorSnapshot(.validationConfigurationError, named))
        }
        return errors
    }

    /// A Gregorian date: month 1–12, day 1–31, year (if any) 1–9999.
    private static func isPossible(_ date: ContactDate) -> Bool {
        date.calendar == "gregorian" && (1...12).contains(date.month) && (1...31).contains(date.day)
            && (date.year.map { (1...9999).contains($0) } ?? true)
    }

    // MARK: Applying steps

    /// The bookkeeping of one request in flight.
    struct Transaction {
        let app: Int
        let assigned: [Int: String]
        /// Adds so far, contacts and groups together: the n of `.new(n)`.
        var adds = 0
        var created: [Int: RecordID] = [:]
        /// What the request touched, for its net change and who hears of it.
        var contacts: Set<RecordID> = []
        var groups: Set<RecordID> = []
        var memberships: Set<Link> = []
        var nestings: Set<Link> = []

        mutating func nextIdentifier() -> (number: Int, identifier: RecordID) {
            adds += 1
            return (adds, assigned[adds].map(RecordID.init) ?? RecordID("\(ErrorSnapshot.unsaved.string) \(adds)"))
        }
    }

    /// Applies one step, or returns its failure (changing nothing).
    private mutating func apply(_ step: SaveStep, in transaction: inout Transaction) -> ErrorSnapshot? {
        let app = transaction.app
        switch step {
        case .addContact(let draft, let keys, let identifier, let container):
            let (number, contact) = transaction.nextIdentifier()
            if let identifier { return ErrorSnapshot(.insertedRecordAlreadyExists, [RecordID(identifier)]) }
            guard let target = self.container(container) else {
                return ErrorSnapshot(.parentRecordDoesNotExist, container.map { [RecordID($0)] } ?? [])
            }
            var values = ContactDraft(contactType: draft.contactType)
            Self.write(draft, keys: keys, by: apps[app], into: &values)
            contacts[contact] = ModelContact(values: values, container: target)
            contactOrder.append(contact)
            transaction.contacts.insert(contact)
            transaction.created[number] = contact
            // Contacts a limited app creates join its P.
            if apps[app].status == .limited { apps[app].permitted.insert(contact) }

        case .updateContact(let reference, let draft, let keys, _):
            guard let contact = resolve(reference, app: app, transaction), var values = contacts[contact]?.values else {
                return ErrorSnapshot(.recordDoesNotExist, Self.named(reference))
            }
            values.contactType = draft.contactType
            Self.write(draft, keys: keys, by: apps[app], into: &values)
            contacts[contact]?.values = values
            transaction.contacts.insert(contact)

        case .deleteContact(let reference):
            guard let contact = resolve(reference, app: app, transaction) else {
                return ErrorSnapshot(.recordDoesNotExist, Self.named(reference))
            }
            // Gone from the device, from every group, and from every app's P.
            transaction.contacts.insert(contact)
            contacts[contact] = nil
            contactOrder.removeAll { $0 == contact }
            memberships = memberships.filter { $0.child != contact }
            for index in apps.indices { apps[index].permitted.remove(contact) }

        case .addGroup(let name, let container):
            let (number, group) = transaction.nextIdentifier()
            guard let target = self.container(container) else {
                return ErrorSnapshot(.parentRecordDoesNotExist, container.map { [RecordID($0)] } ?? [])
            }
            groups[group] = ModelGroup(name: name, container: target)
            groupOrder.append(group)
            transaction.groups.insert(group)
            transaction.created[number] = group

        case .renameGroup(let reference, let name):
            guard let group = resolve(reference, transaction) else {
                return ErrorSnapshot(.recordDoesNotExist, Self.named(reference))
            }
            groups[group]?.name = name
            transaction.groups.insert(group)

        case .deleteGroup(let reference):
            guard let group = resolve(reference, transaction) else {
                return ErrorSnapshot(.recordDoesNotExist, Self.named(reference))
            }
            // Its members stay; its links go.
            transaction.groups.insert(group)
            groups[group] = nil
            groupOrder.removeAll { $0 == group }
            memberships = memberships.filter { $0.parent != group }
            nestings = nestings.filter { $0.parent != group && $0.child != group }

        case .addMember(let contactReference, let groupReference),
             .removeMember(let contactReference, let groupReference):
            guard let group = resolve(groupReference, transaction) else {
                return ErrorSnapshot(.parentRecordDoesNotExist, Self.named(groupReference))
            }
            guard let contact = resolve(contactReference, app: app, transaction) else {
                return ErrorSnapshot(.recordDoesNotExist, Self.named(contactReference))
            }
            transaction.memberships.insert(Link(child: contact, parent: group))
            if case .addMember = step {
                memberships.insert(Link(child: contact, parent: group))
            } else {
                memberships.remove(Link(child: contact, parent: group))
            }

        case .addSubgroup(let childReference, let parentReference),
             .removeSubgroup(let childReference, let parentReference):
            guard let parent = resolve(parentReference, transaction) else {
                return ErrorSnapshot(.parentRecordDoesNotExist, Self.named(parentReference))
            }
            guard let child = resolve(childReference, transaction) else {
                return ErrorSnapshot(.recordDoesNotExist, Self.named(childReference))
            }
            if case .removeSubgroup = step {
                transaction.nestings.insert(Link(child: child, parent: parent))
                nestings.remove(Link(child: child, parent: parent))
            } else if child == parent || contains(child, parent) {
                return ErrorSnapshot(.containmentCycle, [child, parent])
            } else {
                transaction.nestings.insert(Link(child: child, parent: parent))
                nestings.insert(Link(child: child, parent: parent))
            }
        }
        return nil
    }

    /// Writes the keys a contact carries (SPEC 2: "an update writes only the keys the contact
    /// carries"), less the note for an app without the notes entitlement.
    private static func write(_ draft: ContactDraft, keys: Set<ContactKey>, by app: ModelApp, into values: inout ContactDraft) {
        let written = app.hasNotesEntitlement ? keys : keys.subtracting([.note])
        if written.contains(.givenName) { values.givenName = draft.givenName }
        if written.contains(.familyName) { values.familyName = draft.familyName }
        if written.contains(.organizationName) { values.organizationName = draft.organizationName }
        if written.contains(.phoneNumbers) { values.phoneNumbers = draft.phoneNumbers }
        if written.contains(.emailAddresses) { values.emailAddresses = draft.emailAddresses }
        if written.contains(.note) { values.note = draft.note }
        if written.contains(.birthday) { values.birthday = draft.birthday }
    }

    /// Whether `group` holds `target`, directly or through subgroups.
    private func contains(_ group: RecordID, _ target: RecordID) -> Bool {
        var pending = [group]
        var visited: Set<RecordID> = [group]
        while let next = pending.popLast() {
            for link in nestings where link.parent == next {
                if link.child == target { return true }
                if visited.insert(link.child).inserted { pending.append(link.child) }
            }
        }
        return false
    }

    /// A saved contact the app sees, or one this request added that still exists.
    private func resolve(_ reference: SaveRequest.ContactReference, app: Int, _ transaction: Transaction) -> RecordID? {
        switch reference {
        case .saved(let identifier): sees(app, RecordID(identifier)) ? RecordID(identifier) : nil
        case .new(let number): transaction.created[number].flatMap { contacts[$0] == nil ? nil : $0 }
        }
    }

    private func resolve(_ reference: SaveRequest.GroupReference, _ transaction: Transaction) -> RecordID? {
        switch reference {
        case .saved(let identifier): groups[RecordID(identifier)] == nil ? nil : RecordID(identifier)
        case .new(let number): transaction.created[number].flatMap { groups[$0] == nil ? nil : $0 }
        }
    }

    /// The default container for `nil`, else the container named exactly.
    private func container(_ identifier: String?) -> RecordID? {
        guard let identifier else { return defaultContainer }
        return containers.first { $0 == RecordID(identifier) }
    }

    /// What an error names for a reference: the identifier the app passed; nothing for a
    /// record of this request.
    private static func named(_ reference: SaveRequest.ContactReference) -> [RecordID] {
        if case .saved(let identifier) = reference { [RecordID(identifier)] } else { [] }
    }

    private static func named(_ reference: SaveRequest.GroupReference) -> [RecordID] {
        if case .saved(let identifier) = reference { [RecordID(identifier)] } else { [] }
    }
}
