/// Applies one ``SaveRequest`` to the device state: every operation in order, recording how
/// to undo it, then either commits the net change or rolls everything back.
///
/// It keeps going after a failed operation so that the error can list every affected
/// record; the failed operation itself changes nothing.
struct SaveTransaction {
    private let bundleIdentifier: String
    private let hasNotesEntitlement: Bool
    private var app: AppRecord
    private var undo: [(inout DeviceState) -> Void] = []
    private var failures: [(code: ContactError.Code, identifiers: [String])] = []
    private var newContacts: [Int: String] = [:]
    private var newGroups: [Int: String] = [:]

    /// Last-touch position and state before the request, per record, for the net change.
    private var contactsBefore: [String: (position: Int, existed: Bool, seenBy: Set<String>)] = [:]
    private var groupsBefore: [String: (position: Int, existed: Bool)] = [:]
    private var membershipBefore: [Pair: (position: Int, wasMember: Bool)] = [:]
    private var position = 0
    /// The request's own added records; another request's name nothing.
    private var requestIdentity: UInt64 = 0

    private struct Pair: Hashable {
        enum Kind { case member, subgroup }
        let kind: Kind
        let child: String
        let parent: String
    }

    init(bundleIdentifier: String, app: AppRecord, hasNotesEntitlement: Bool) {
        self.bundleIdentifier = bundleIdentifier
        self.app = app
        self.hasNotesEntitlement = hasNotesEntitlement
    }

    /// Runs the request against `state`; on any failure `state` is left exactly as it was.
    mutating func run(
        _ request: SaveRequest, on state: inout DeviceState, origin: UInt64
    ) throws(ContactError) -> SaveResult {
        requestIdentity = request.identity
        let identifiersBefore = state.identifiers
        let serialBefore = state.nextSerial
        for (index, operation) in request.operations.enumerated() {
            position = index
            apply(operation, to: &state)
        }
        if let first = failures.first {
            for step in undo.reversed() { step(&state) }
            state.identifiers = identifiersBefore
            state.nextSerial = serialBefore
            // Exactly as given, malformed ones included (SPEC 6), each once by exact bytes: a
            // `Set<String>` would merge canonically equivalent identifiers ("K", "\u{212A}").
            var seen = Set<[UInt8]>()
            let identifiers = failures.flatMap(\.identifiers).filter { seen.insert(Array($0.utf8)).inserted }
            throw ContactError(first.code, Self.message(for: first.code), affectedIdentifiers: identifiers)
        }
        let (events, audience) = netChange(in: state)
        // Even with no event (an add deleted again), the identifiers it used stay used: the
        // commit writes the generator's state. A failed write puts the state back.
        try state.commit(author: request.transactionAuthor, origin: origin, events: events, notifying: audience)
        return SaveResult(request: request.identity, contactIdentifiers: newContacts, groupIdentifiers: newGroups)
    }

    private static func message(for code: ContactError.Code) -> String {
        switch code {
        case .recordDoesNotExist: "The record does not exist."
        case .insertedRecordAlreadyExists: "The record was already saved; add a new contact instead."
        case .parentRecordDoesNotExist: "The group or container does not exist."
        case .containmentCycle: "A group cannot contain itself, directly or through subgroups."
        default: "The save failed."
        }
    }

    private mutating func fail(_ code: ContactError.Code, _ identifiers: [String]) {
        failures.append((code, identifiers))
    }

    // MARK: Resolving references

    private func contact(_ reference: SaveRequest.ContactReference, in state: DeviceState) -> String? {
        switch reference {
        case .saved(let identifier): state.visibleContactIdentifier(identifier, to: app)
        case .new(let added):
            added.request == requestIdentity ? newContacts[added.index].flatMap { state.contacts[$0] == nil ? nil : $0 } : nil
        }
    }

    private func group(_ reference: SaveRequest.GroupReference, in state: DeviceState) -> String? {
        switch reference {
        case .saved(let identifier): state.existingGroupIdentifier(identifier)
        case .new(let added):
            added.request == requestIdentity ? newGroups[added.index].flatMap { state.groups[$0] == nil ? nil : $0 } : nil
        }
    }

    private static func name(_ reference: SaveRequest.ContactReference) -> [String] {
        if case .saved(let identifier) = reference { [identifier] } else { [] }
    }

    private static func name(_ reference: SaveRequest.GroupReference) -> [String] {
        if case .saved(let identifier) = reference { [identifier] } else { [] }
    }

    // MARK: Operations

    private mutating func apply(_ operation: SaveRequest.Operation, to state: inout DeviceState) {
        switch operation {
        case .addContact(let contact, let container, let reference):
            if let identifier = contact.identifier { return fail(.insertedRecordAlreadyExists, [identifier]) }
            guard let containerIdentifier = resolveContainer(container, in: state) else {
                return fail(.parentRecordDoesNotExist, container.map { [$0] } ?? [])
            }
            let identifier = state.identifiers.next(.contact)
            var fields = ContactFields()
            fields.overwrite(writableKeys(of: contact), from: contact.fields)
            if let addresses = CountryCode.normalized(fields.postalAddresses) { fields.postalAddresses = addresses }
            assignLabeledValueIdentifiers(&fields, previous: ContactFields(), state: &state)
            touchContact(identifier, in: state)
            setContact(identifier, StoredContact(
                contactType: contact.contactType, fields: fields, containerIdentifier: containerIdentifier,
                serial: state.takeSerial()), in: &state)
            newContacts[reference] = identifier
            if app.status == .limited { permit(identifier, in: &state) }

        case .updateContact(let reference, let contact):
            guard let identifier = self.contact(reference, in: state), var stored = state.contacts[identifier] else {
                return fail(.recordDoesNotExist, Self.name(reference))
            }
            touchContact(identifier, in: state)
            let previous = stored.fields
            stored.contactType = contact.contactType
            stored.fields.overwrite(writableKeys(of: contact), from: contact.fields)
            if let addresses = CountryCode.normalized(stored.fields.postalAddresses) { stored.fields.postalAddresses = addresses }
            assignLabeledValueIdentifiers(&stored.fields, previous: previous, state: &state)
            setContact(identifier, stored, in: &state)

        case .deleteContact(let reference):
            guard let identifier = self.contact(reference, in: state) else {
                return fail(.recordDoesNotExist, Self.name(reference))
            }
            touchContact(identifier, in: state)
            setContact(identifier, nil, in: &state)
            for (group, members) in state.members where members.contains(identifier) {
                touchPair(.init(kind: .member, child: identifier, parent: group), in: state)
                setMembers(of: group, members.subtracting([identifier]), in: &state)
            }
            for (bundle, record) in state.apps where record.permitted.contains(identifier) {
                var updated = record
                updated.permitted.remove(identifier)
                setApp(bundle, updated, in: &state)
            }

        case .addGroup(let group, let container, let reference):
            if let identifier = group.identifier { return fail(.insertedRecordAlreadyExists, [identifier]) }
            guard let containerIdentifier = resolveContainer(container, in: state) else {
                return fail(.parentRecordDoesNotExist, container.map { [$0] } ?? [])
            }
            let identifier = state.identifiers.next(.group)
            touchGroup(identifier, in: state)
            setGroup(identifier, StoredGroup(name: group.name, containerIdentifier: containerIdentifier,
                                             serial: state.takeSerial()), in: &state)
            newGroups[reference] = identifier

        case .updateGroup(let reference, let group):
            guard let identifier = self.group(reference, in: state), var stored = state.groups[identifier] else {
                return fail(.recordDoesNotExist, Self.name(reference))
            }
            touchGroup(identifier, in: state)
            stored.name = group.name
            setGroup(identifier, stored, in: &state)

        case .deleteGroup(let reference):
            guard let identifier = self.group(reference, in: state) else {
                return fail(.recordDoesNotExist, Self.name(reference))
            }
            touchGroup(identifier, in: state)
            setGroup(identifier, nil, in: &state)
            setMembers(of: identifier, nil, in: &state)
            setSubgroups(of: identifier, nil, in: &state)
            for (parent, children) in state.subgroups where children.contains(identifier) {
                setSubgroups(of: parent, children.subtracting([identifier]), in: &state)
            }

        case .addMember(let contactReference, let groupReference),
             .removeMember(let contactReference, let groupReference):
            guard let group = self.group(groupReference, in: state) else {
                return fail(.parentRecordDoesNotExist, Self.name(groupReference))
            }
            guard let contact = self.contact(contactReference, in: state) else {
                return fail(.recordDoesNotExist, Self.name(contactReference))
            }
            touchPair(.init(kind: .member, child: contact, parent: group), in: state)
            var members = state.members[group] ?? []
            if case .addMember = operation { members.insert(contact) } else { members.remove(contact) }
            setMembers(of: group, members.isEmpty ? nil : members, in: &state)

        case .addSubgroup(let childReference, let parentReference),
             .removeSubgroup(let childReference, let parentReference):
            guard let parent = self.group(parentReference, in: state) else {
                return fail(.parentRecordDoesNotExist, Self.name(parentReference))
            }
            guard let child = self.group(childReference, in: state) else {
                return fail(.recordDoesNotExist, Self.name(childReference))
            }
            var children = state.subgroups[parent] ?? []
            if case .addSubgroup = operation {
                if child == parent || Self.isReachable(parent, from: child, in: state) {
                    return fail(.containmentCycle, Self.name(childReference) + Self.name(parentReference))
                }
                children.insert(child)
            } else {
                children.remove(child)
            }
            touchPair(.init(kind: .subgroup, child: child, parent: parent), in: state)
            setSubgroups(of: parent, children.isEmpty ? nil : children, in: &state)
        }
    }

    private func resolveContainer(_ container: String?, in state: DeviceState) -> String? {
        guard let container else { return state.defaultContainerIdentifier }
        return state.existingContainerIdentifier(container)
    }

    /// The keys a save writes: those the contact carries, less the note without the entitlement.
    private func writableKeys(of contact: MutableContact) -> ContactKeySet {
        hasNotesEntitlement ? contact.keys : contact.keys.subtracting(ContactKeySet(.note))
    }

    private static func isReachable(_ target: String, from start: String, in state: DeviceState) -> Bool {
        var pending = [start]
        var visited: Set<String> = [start]
        while let group = pending.popLast() {
            for child in state.subgroups[group] ?? [] {
                if child == target { return true }
                if visited.insert(child).inserted { pending.append(child) }
            }
        }
        return false
    }

    /// Gives every labeled value that is new to its property a fresh identifier; values that
    /// keep an identifier the property already had keep it.
    private func assignLabeledValueIdentifiers(
        _ fields: inout ContactFields, previous: ContactFields, state: inout DeviceState
    ) {
        func assign<V>(_ values: inout [LabeledValue<V>], _ old: [LabeledValue<V>]) {
            var known = Set(old.map(\.identifier))
            for index in values.indices where !known.contains(values[index].identifier) || values[index].identifier.isEmpty {
                values[index].identifier = state.identifiers.next(.labeledValue)
                known.insert(values[index].identifier)
            }
            // A value copied twice in one list keeps the identifier only once.
            var seen = Set<String>()
            for index in values.indices where !seen.insert(values[index].identifier).inserted {
                values[index].identifier = state.identifiers.next(.labeledValue)
            }
        }
        assign(&fields.phoneNumbers, previous.phoneNumbers)
        assign(&fields.emailAddresses, previous.emailAddresses)
        assign(&fields.postalAddresses, previous.postalAddresses)
        assign(&fields.urlAddresses, previous.urlAddresses)
        assign(&fields.socialProfiles, previous.socialProfiles)
        assign(&fields.instantMessageAddresses, previous.instantMessageAddresses)
        assign(&fields.contactRelations, previous.contactRelations)
        assign(&fields.dates, previous.dates)
    }

    // MARK: Undoable writes

    private mutating func setContact(_ identifier: String, _ value: StoredContact?, in state: inout DeviceState) {
        let old = state.contacts[identifier]
        undo.append { $0.setContact(identifier, old) }
        state.setContact(identifier, value)
    }

    private mutating func setGroup(_ identifier: String, _ value: StoredGroup?, in state: inout DeviceState) {
        let old = state.groups[identifier]
        undo.append { $0.setGroup(identifier, old) }
        state.setGroup(identifier, value)
    }

    private mutating func setMembers(of group: String, _ value: Set<String>?, in state: inout DeviceState) {
        let old = state.members[group]
        undo.append { $0.setMembers(of: group, old) }
        state.setMembers(of: group, value)
    }

    private mutating func setSubgroups(of group: String, _ value: Set<String>?, in state: inout DeviceState) {
        let old = state.subgroups[group]
        undo.append { $0.setSubgroups(of: group, old) }
        state.setSubgroups(of: group, value)
    }

    private mutating func setApp(_ bundle: String, _ value: AppRecord, in state: inout DeviceState) {
        let old = state.apps[bundle]
        undo.append { $0.setAppRecord(old, for: bundle) }
        state.setAppRecord(value, for: bundle)
        if bundle == bundleIdentifier { app = value }
    }

    /// Contacts an app creates join its permitted set.
    private mutating func permit(_ identifier: String, in state: inout DeviceState) {
        var record = state.app(bundleIdentifier)
        record.permitted.insert(identifier)
        setApp(bundleIdentifier, record, in: &state)
    }

    // MARK: Net change

    /// Records a touch: the state before the request from the first touch, the position of
    /// the last (SPEC 11: an object's event sits at its last change in the request).
    private mutating func touchContact(_ identifier: String, in state: DeviceState) {
        if contactsBefore[identifier] != nil {
            contactsBefore[identifier]?.position = position
            return
        }
        let existed = state.contacts[identifier] != nil
        contactsBefore[identifier] = (position, existed, existed ? state.appsSeeing(identifier) : [])
    }

    private mutating func touchGroup(_ identifier: String, in state: DeviceState) {
        if groupsBefore[identifier] != nil {
            groupsBefore[identifier]?.position = position
            return
        }
        groupsBefore[identifier] = (position, state.groups[identifier] != nil)
    }

    private mutating func touchPair(_ pair: Pair, in state: DeviceState) {
        if membershipBefore[pair] != nil {
            membershipBefore[pair]?.position = position
            return
        }
        let wasMember = switch pair.kind {
        case .member: state.members[pair.parent]?.contains(pair.child) ?? false
        case .subgroup: state.subgroups[pair.parent]?.contains(pair.child) ?? false
        }
        membershipBefore[pair] = (position, wasMember)
    }

    /// Each touched record's net change, in the order of its last touch in the request, and
    /// the apps that could see any of it. Memberships of a deleted record go with it.
    private func netChange(in state: DeviceState) -> ([ChangeEvent], Set<String>) {
        var events: [(position: Int, event: ChangeEvent)] = []
        var audience = Set<String>()
        let groupAudience = state.appsWithAccess

        for (identifier, before) in contactsBefore {
            let exists = state.contacts[identifier] != nil
            let event: ChangeEvent? = switch (before.existed, exists) {
            case (false, true): .addContact(identifier)
            case (true, true): .updateContact(identifier)
            case (true, false): .deleteContact(identifier)
            case (false, false): nil
            }
            guard let event else { continue }
            events.append((before.position, event))
            audience.formUnion(before.seenBy)
            state.addApps(seeing: identifier, to: &audience)
        }
        for (identifier, before) in groupsBefore {
            let exists = state.groups[identifier] != nil
            let event: ChangeEvent? = switch (before.existed, exists) {
            case (false, true): .addGroup(identifier)
            case (true, true): .updateGroup(identifier)
            case (true, false): .deleteGroup(identifier)
            case (false, false): nil
            }
            guard let event else { continue }
            events.append((before.position, event))
            audience.formUnion(groupAudience)
        }
        for (pair, before) in membershipBefore {
            switch pair.kind {
            case .member:
                guard state.contacts[pair.child] != nil, state.groups[pair.parent] != nil else { continue }
                let isMember = state.members[pair.parent]?.contains(pair.child) ?? false
                guard isMember != before.wasMember else { continue }
                events.append((before.position, isMember
                    ? .addMember(contact: pair.child, group: pair.parent)
                    : .removeMember(contact: pair.child, group: pair.parent)))
                state.addApps(seeing: pair.child, to: &audience)
                audience.formUnion(contactsBefore[pair.child]?.seenBy ?? state.appsSeeing(pair.child))
            case .subgroup:
                guard state.groups[pair.child] != nil, state.groups[pair.parent] != nil else { continue }
                let isChild = state.subgroups[pair.parent]?.contains(pair.child) ?? false
                guard isChild != before.wasMember else { continue }
                events.append((before.position, isChild
                    ? .addSubgroup(pair.child, parent: pair.parent)
                    : .removeSubgroup(pair.child, parent: pair.parent)))
                audience.formUnion(groupAudience)
            }
        }
        let ordered = events.enumerated().sorted { lhs, rhs in
            lhs.element.position != rhs.element.position
                ? lhs.element.position < rhs.element.position
                : Self.rank(lhs.element.event) < Self.rank(rhs.element.event)
        }
        return (ordered.map(\.element.event), audience)
    }

    /// Within one operation: records before the memberships that mention them.
    private static func rank(_ event: ChangeEvent) -> Int {
        switch event {
        case .addContact, .updateContact, .deleteContact: 0
        case .addGroup, .updateGroup, .deleteGroup: 1
        case .addMember, .removeMember: 2
        case .addSubgroup, .removeSubgroup: 3
        case .accessChanged: 4
        }
    }
}

extension ContactStore {
    /// Commits the request whole, or throws and leaves the store exactly as it was.
    ///
    /// Checks run in this order, and the first kind that fails is thrown:
    /// 1. authorization (``ContactError/Code/authorizationDenied``, after a prompt from `notDetermined`);
    /// 2. entitlements (``ContactError/Code/unauthorizedKeys`` for a note without the notes entitlement);
    /// 3. validation of the values (3xx; several become ``ContactError/Code/validationMultipleErrors``);
    /// 4. records (2xx): the first failing operation's code, listing the identifiers of every
    ///    failing operation. An invisible record fails exactly like a missing one.
    ///
    /// Saves are serialized: each commits whole, in one total order across all stores of the device.
    @discardableResult
    public func execute(_ request: SaveRequest) throws(ContactError) -> SaveResult {
        if authorizationStatus == .notDetermined { _ = try withAccess { _, _ in } }
        guard authorizationStatus.grantsAccess else { throw .authorizationDenied }
        try request.checkEntitlements(hasNotesEntitlement: app.hasNotesEntitlement)
        try request.validate()
        return try withAccess { (state, record) throws(ContactError) in
            var transaction = SaveTransaction(
                bundleIdentifier: bundleIdentifier, app: record, hasNotesEntitlement: app.hasNotesEntitlement)
            return try transaction.run(request, on: &state, origin: instanceIdentifier)
        }
    }
}
