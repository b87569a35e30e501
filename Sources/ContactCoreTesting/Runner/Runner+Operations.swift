import ContactCore

/// Each operation on the device and on the model, compared.
extension Runner {
    mutating func perform(_ operation: Op) throws(Failure) {
        guard let faults = backEnd.faults else { return try performChecked(operation) }
        try perform(operation, failing: faults)
    }

    /// One operation, its result and what it changed compared with the model's.
    mutating func performChecked(_ operation: Op) throws(Failure) {
        let firstCommit = model.commits.count
        let heard = inbox.withLock { $0.map { $0.count } }
        switch operation {
        case .request(let app, let answer):
            let resolved: AccessAnswer? = answer.map { resolve($0) }
            device.setPromptResponder(resolved.map(responder))
            model.answer = resolved
            let actual: Outcome<Bool>
            do { actual = .success(try stores[app].requestAccess()) } catch { actual = .failure(error.code) }
            try expect(actual, model.requestAccess(app), "SPEC 3 requestAccess", "requestAccess() of app \(app)")
        case .settings(let app, let setting):
            let change: SettingsChange = switch setting {
            case .full: .allowFull
            case .deny: .deny
            case .limited(let refs): .allowLimited(Set(refs.map(resolve)))
            case .edit(let adding, let removing): .editPermittedSet(adding: Set(adding.map(resolve)), removing: Set(removing.map(resolve)))
            }
            try settings(change, app: app)
        case .restrict(let app, let restricted):
            do {
                try device.setRestricted(restricted, for: Cast.apps[app].bundleIdentifier)
            } catch {
                throw fail("SPEC 13 persistent store", "setRestricted failed: \(error)")
            }
            model.setRestricted(restricted, app: app)
        case .save(let app, let author, let steps):
            try save(app: app, author: Cast.authors[author], steps: steps)
        case .editFetched(let app, let ref, let keys, let givenPerson):
            try editFetched(app: app, resolve(ref), keys: keys, givenPerson: givenPerson)
        case .fetch(let app, let query, let keys, let sort):
            try fetch(app: app, query, keys: keys, sort: sort)
        case .fetchOne(let app, let ref, let keys):
            let id = resolve(ref)
            var expected = model
            let outcome: Outcome<Model.Contact> = expected.fetchOne(app: app, id, keys: keys)
            do {
                let contact = try stores[app].unifiedContact(withIdentifier: id, keysToFetch: keys.keys)
                model = expected
                guard case .success(let wanted) = outcome else { throw fail("SPEC 4/5 fetch one", "found \(id.debugDescription), expected \(outcome)") }
                try compare(contact, wanted, keys: keys)
            } catch let error as ContactError {
                model = expected
                try expect(Outcome<String>.failure(error.code), outcome.map(\.id), "SPEC 4/5 fetch one", "unifiedContact(\(id.debugDescription))")
                if error.code == .recordDoesNotExist { try expect(error.affectedIdentifiers, [id], "SPEC 4 hidden is missing", "identifiers of the error") }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw fail("errors", "a foreign error: \(error)")
            }
        case .history(let app, let pick, let excluded, let includeGroups):
            try history(app: app, pick, excluding: excluded.map { Cast.authors[$0] } ?? nil, includeGroups: includeGroups)
        case .accessPicker(let app, let adding, let removing):
            let selection = AccessPickerSelection(adding: adding.map(resolve), removing: removing.map(resolve))
            device.setPickerResponder { _ in selection }
            let granted: [String]
            do {
                granted = try stores[app].presentContactAccessPicker()
            } catch {
                throw fail("SPEC 13 persistent store", "the access picker failed: \(error)")
            }
            try expect(granted, model.presentAccessPicker(app, adding: selection.adding, removing: selection.removing),
                       "SPEC 9 access picker", "newly granted by the picker")
        case .button(let app, let tap):
            try button(app: app, tap)
        case .contactPicker(let app, let chosen, let keys):
            try contactPicker(app: app, chosen: chosen.map(resolve), keys: keys)
        }
        try checkAccess()
        try checkNotifications(since: firstCommit, heard: heard)
    }

    // MARK: References

    func resolve(_ ref: Ref) -> String {
        switch ref {
        // Newest first: a small byte names what the program just made, so repeated touches of
        // one object (the coalescing pairs of SPEC 11) are the common case, not a rare one.
        case .known(let n), .added(let n):
            return contacts.isEmpty ? "0000000000001:P" : contacts[contacts.count - 1 - n % min(contacts.count, pool ?? .max)]
        case .junk(let n):
            let junk = Vocabulary.junkIdentifiers, respellings = Vocabulary.respellings
            if n % (junk.count + respellings.count) < junk.count { return junk[n % (junk.count + respellings.count)] }
            return respellings[(n - junk.count) % respellings.count].apply(contacts.last ?? "0000000000001:P")
        }
    }

    /// The person, answering every prompt with `answer`; the runner counts the prompts.
    func responder(_ answer: AccessAnswer) -> PromptResponder {
        let shown = promptsShown
        return { _ in
            shown.withLock { $0 += 1 }
            return answer
        }
    }

    func resolve(_ answer: Answer) -> AccessAnswer {
        switch answer {
        case .deny: .deny
        case .full: .allowFull
        case .limited(let refs): .allowLimited(Set(refs.map(resolve)))
        }
    }

    func resolve(_ ref: GroupRef) -> String {
        switch ref {
        case .known(let n), .added(let n): groups.isEmpty ? "0000000000001:G" : groups[groups.count - 1 - n % groups.count]
        case .contact(let n): resolve(Ref.known(n))
        }
    }

    func resolve(_ ref: ContainerRef) -> String {
        switch ref {
        case .known(let n): model.containers.isEmpty ? "0000000000001:A" : model.containers[n % model.containers.count]
        case .contact(let n): resolve(Ref.known(n))
        }
    }

    // MARK: Writes

    mutating func settings(_ change: SettingsChange, app: Int) throws(Failure) {
        var actual: ContactError.Code?
        do { try device.applySettings(change, to: Cast.apps[app].bundleIdentifier) } catch { actual = error.code }
        try expect(actual, model.applySettings(change, to: app), "SPEC 3 Settings", "applySettings to app \(app)")
    }

    mutating func save(app: Int, author: String?, steps: [Step]) throws(Failure) {
        let made = saveRequest(author: author, steps: steps)
        try execute(made.request, app: app, author: author, made.steps, contacts: made.contacts, groups: made.groups)
    }

    /// A save's request for the device and its steps for the model, with each add as the
    /// request names it and as the model numbers it.
    func saveRequest(author: String?, steps: [Step]) -> SaveCall {
        var request = SaveRequest(transactionAuthor: author)
        var modelSteps: [Model.SaveStep] = []
        // Each add, as the request names it and as the model numbers it (contacts and groups
        // share one sequence, as the request's own references do).
        var addedContacts: [(reference: SaveRequest.ContactReference, number: Int)] = []
        var addedGroups: [(reference: SaveRequest.GroupReference, number: Int)] = []
        var adds = 0
        func contact(_ ref: Ref) -> (SaveRequest.ContactReference, Model.Reference) {
            if case .added(let n) = ref, !addedContacts.isEmpty {
                let added = addedContacts[n % addedContacts.count]
                return (added.reference, .added(added.number))
            }
            let id = resolve(ref)
            return (.saved(id), .saved(id))
        }
        func group(_ ref: GroupRef) -> (SaveRequest.GroupReference, Model.Reference) {
            if case .added(let n) = ref, !addedGroups.isEmpty {
                let added = addedGroups[n % addedGroups.count]
                return (added.reference, .added(added.number))
            }
            let id = resolve(ref)
            return (.saved(id), .saved(id))
        }
        for step in steps {
            switch step {
            case .add(let draft):
                adds += 1
                addedContacts.append((request.add(draft.mutableContact), adds))
                modelSteps.append(.add(draft, reference: adds))
            case .addTo(let container, let draft):
                adds += 1
                let id = resolve(container)
                addedContacts.append((request.add(draft.mutableContact, toContainerWithIdentifier: id), adds))
                modelSteps.append(.add(draft, reference: adds, container: id))
            case .update(let ref, let draft):
                let (library, model) = contact(ref)
                request.updateContact(library, with: draft.mutableContact)
                modelSteps.append(.update(model, draft))
            case .delete(let ref):
                let (library, model) = contact(ref)
                request.deleteContact(library)
                modelSteps.append(.delete(model))
            case .addGroup(let name):
                adds += 1
                addedGroups.append((request.add(MutableGroup(name: name)), adds))
                modelSteps.append(.addGroup(name, reference: adds))
            case .addGroupTo(let container, let name):
                adds += 1
                let id = resolve(container)
                addedGroups.append((request.add(MutableGroup(name: name), toContainerWithIdentifier: id), adds))
                modelSteps.append(.addGroup(name, reference: adds, container: id))
            case .deleteGroup(let ref):
                let (library, model) = group(ref)
                request.deleteGroup(library)
                modelSteps.append(.deleteGroup(model))
            case .addMember(let ref, let groupRef):
                let (libraryContact, modelContact) = contact(ref), (libraryGroup, modelGroup) = group(groupRef)
                request.addMember(libraryContact, to: libraryGroup)
                modelSteps.append(.addMember(modelContact, modelGroup))
            case .removeMember(let ref, let groupRef):
                let (libraryContact, modelContact) = contact(ref), (libraryGroup, modelGroup) = group(groupRef)
                request.removeMember(libraryContact, from: libraryGroup)
                modelSteps.append(.removeMember(modelContact, modelGroup))
            case .addSubgroup(let childRef, let parentRef):
                let (libraryChild, modelChild) = group(childRef), (libraryParent, modelParent) = group(parentRef)
                request.addSubgroup(libraryChild, to: libraryParent)
                modelSteps.append(.addSubgroup(modelChild, modelParent))
            case .removeSubgroup(let childRef, let parentRef):
                let (libraryChild, modelChild) = group(childRef), (libraryParent, modelParent) = group(parentRef)
                request.removeSubgroup(libraryChild, from: libraryParent)
                modelSteps.append(.removeSubgroup(modelChild, modelParent))
            case .renameGroup(let ref, let name):
                let (library, model) = group(ref)
                // A group the device holds is renamed as an app does it, through a copy of the
                // group it read; any other by its reference.
                if case .saved(let id) = library, let saved = device.personGroups.first(where: { $0.identifier == id }) {
                    var copy = saved.mutableCopy()
                    copy.name = name
                    request.update(copy)
                    modelSteps.append(.renameGroup(model, name: name, carrying: saved.identifier))
                } else {
                    request.updateGroup(library, with: MutableGroup(name: name))
                    modelSteps.append(.renameGroup(model, name: name, carrying: nil))
                }
            }
        }
        return SaveCall(request: request, steps: modelSteps, contacts: addedContacts, groups: addedGroups)
    }

    /// SPEC 9b: the person chooses `chosen`; the app gets exactly those contacts that exist,
    /// once each, with the keys it asked for, and nothing else changes (``checkAccess()``).
    mutating func contactPicker(app: Int, chosen: [String], keys: Keys) throws(Failure) {
        let bundle = Cast.apps[app].bundleIdentifier
        device.setPickerResponder { presentation in
            presentation.kind == .contactPicker && presentation.bundleIdentifier == bundle ? AccessPickerSelection(adding: chosen) : AccessPickerSelection()
        }
        try expectContacts(model.presentContactPicker(app, chosen: chosen, keys: keys), keys: keys,
                           rules: ("SPEC 9b contact picker", "SPEC 9b contact picker"),
                           call: "the picker of app \(app)", listed: "contacts app \(app) received") {
            try stores[app].presentContactPicker(keys: keys.keys)
        }
    }

    /// A call that hands the app contacts (a fetch, the contact picker) against the model's
    /// outcome: the same contacts in the same order, each with the model's values for `keys`,
    /// or the same error. `rules` name the outcome's rule and the list's.
    func expectContacts(_ expected: Outcome<[Model.Contact]>, keys: Keys, rules: (outcome: String, list: String),
                        call: @autoclosure () -> String, listed: @autoclosure () -> String,
                        _ contacts: () throws -> [Contact]) throws(Failure) {
        do {
            let found = try contacts()
            guard case .success(let wanted) = expected else {
                throw fail(rules.outcome, "\(call()) gave \(found.count) contacts, expected \(expected)")
            }
            try expect(found.map(\.identifier), wanted.map(\.id), rules.list, listed())
            // Reading an unfetched note fails the same way for every contact of one call: the
            // first one shows it (each throw builds an error).
            for (index, (contact, model)) in zip(found, wanted).enumerated() {
                try compare(contact, model, keys: keys, askingKeys: index == 0, readingUnfetched: index == 0)
            }
        } catch let error as ContactError {
            try expect(Outcome<[String]>.failure(error.code), expected.map { $0.map(\.id) }, rules.outcome, call())
        } catch let failure as Failure {
            throw failure
        } catch {
            throw fail("errors", "a foreign error: \(error)")
        }
    }

    mutating func editFetched(app: Int, _ id: String, keys: Keys, givenPerson: Int) throws(Failure) {
        var expected = model
        let fetched = expected.fetchOne(app: app, id, keys: keys)
        let contact: Contact
        do {
            contact = try stores[app].unifiedContact(withIdentifier: id, keysToFetch: keys.keys)
        } catch {
            model = expected
            return try expect(Outcome<String>.failure(error.code), fetched.map(\.id), "SPEC 4/5 fetch one", "fetch before an edit")
        }
        model = expected
        guard case .success(let read) = fetched else { throw fail("SPEC 4/5 fetch one", "fetched \(id.debugDescription), expected \(fetched)") }
        var copy = contact.mutableCopy()
        copy.givenName = Vocabulary.people[givenPerson].given
        var request = SaveRequest()
        request.update(copy)
        try execute(request, app: app, author: nil, [.edit(.saved(id), givenPerson: givenPerson, fetched: read, keys: keys)], contacts: [], groups: [])
    }

    /// Executes a request on the device, then on the model with the identifiers the device gave.
    mutating func execute(_ request: SaveRequest, app: Int, author: String?, _ steps: [Model.SaveStep],
                                  contacts added: [(reference: SaveRequest.ContactReference, number: Int)],
                                  groups addedGroups: [(reference: SaveRequest.GroupReference, number: Int)]) throws(Failure) {
        let actual: Model.SaveOutcome
        var newContacts: [Int: String] = [:], newGroups: [Int: String] = [:]
        do {
            let result = try stores[app].execute(request)
            for (reference, number) in added { newContacts[number] = result.identifier(for: reference) }
            for (reference, number) in addedGroups { newGroups[number] = result.identifier(for: reference) }
            actual = .saved
        } catch {
            actual = .failed(error.code, identifiers: error.affectedIdentifiers, underlying: error.underlyingErrors.count)
        }
        let expected = model.save(app: app, author: author, steps: steps, newContacts: newContacts, newGroups: newGroups)
        try expect(actual, expected, "SPEC 6 saving", "the outcome of a save by app \(app)")
        contacts += newContacts.sorted { $0.key < $1.key }.map(\.value)
        groups += newGroups.sorted { $0.key < $1.key }.map(\.value)
    }

    // MARK: Reads

    /// A query as the device is asked it: its predicate, the identifiers it names, and the
    /// identifier of the group it names (which the model may not have: see ``Model/group(_:)``).
    /// The library's predicate for `query`, with the identifiers it names resolved: the
    /// contacts' for an identifier fetch, and the group's or container's.
    func deviceQuery(_ query: Query) -> (predicate: ContactPredicate?, ids: [String], scope: String?) {
        switch query {
        case .all: return (nil, [], nil)
        case .identifiers(let refs):
            let ids = refs.map(resolve)
            return (.identifiers(ids), ids, nil)
        case .name(let text): return (.name(text.text), [], nil)
        case .phone(let n): return (.phoneNumber(PhoneNumber(Vocabulary.phones[n].text)), [], nil)
        case .email(let n): return (.emailAddress(Vocabulary.emails[n]), [], nil)
        case .group(let ref):
            let id = resolve(ref)
            return (.inGroup(identifier: id), [], id)
        case .container(let ref):
            let id = resolve(ref)
            return (.inContainer(identifier: id), [], id)
        }
    }

    mutating func fetch(app: Int, _ query: Query, keys: Keys, sort: SortOrder) throws(Failure) {
        let (predicate, ids, scope) = deviceQuery(query)
        // SPEC 2 and 7 first (they depend only on the call), then access (which may prompt).
        let expected: Outcome<[Model.Contact]>
        if keys.keys.contains(.note), !Cast.apps[app].hasNotesEntitlement {
            expected = .failure(.unauthorizedKeys)
        } else if Model.isInvalid(query) {
            expected = .failure(.predicateInvalid)
        } else if let code = model.access(app) {
            expected = .failure(code)
        } else {
            expected = .success(model.sorted(model.select(query, resolved: ids, scope: scope, app: app) ?? [], by: sort))
        }
        try expectContacts(expected, keys: keys, rules: ("SPEC 5 fetching", "SPEC 4/5/7 fetching"),
                           call: "fetch by app \(app) for \(query)", listed: "contacts app \(app) fetched for \(query) sorted \(sort)") {
            try stores[app].contacts(for: ContactFetchRequest(predicate: predicate, keysToFetch: keys.keys, sortOrder: sort))
        }
    }

    /// SPEC 2: a fetched contact carries exactly the keys asked for, with the model's values;
    /// asking whether keys are available answers for the keys fetched (`askingKeys`: the first
    /// contact of a call), and reading its note when it was not fetched throws
    /// (`readingUnfetched`: the first contact of a fetch).
    func compare(_ contact: Contact, _ c: Model.Contact, keys: Keys, askingKeys: Bool = true, readingUnfetched: Bool = true) throws(Failure) {
        let wanted = keys.keys
        try expect(contact.availableKeys, wanted, "SPEC 2 keys to fetch", "keys of \(c.id)")
        // As an app asks before it reads: each fetched key and no other, then all of them
        // together. The same questions of the same key set for every contact of a call: the
        // first one asks them (`availableKeys`, above, is each contact's own key set).
        if askingKeys {
            let available = ContactKey.allCases.lazy.filter(contact.isKeyAvailable)
            if available.count != wanted.count || !wanted.allSatisfy(contact.isKeyAvailable) {
                throw fail("SPEC 2 keys to fetch", "isKeyAvailable of \(c.id) says \(Array(available)), the fetch asked for \(wanted)")
            }
            if !contact.areKeysAvailable(wanted)
                || contact.areKeysAvailable(ContactKey.allCases) != (wanted.count == ContactKey.allCases.count) {
                throw fail("SPEC 2 keys to fetch", "areKeysAvailable of \(c.id) differs from the keys fetched, \(wanted)")
            }
        }
        try expect(contact.contactType, c.more.isOrganization ? .organization : .person, "SPEC 2 values", "contactType of \(c.id)")
        let names = Vocabulary.moreNames[c.more.names], details = Vocabulary.details[c.more.details]
        for key in wanted {
            // Each value compared as a value: describing it would reflect, and the runtime caches type names.
            func same<T: Equatable>(_ actual: T?, _ expected: T) throws(Failure) {
                try expect(actual, expected, "SPEC 2 values", "\(key) of \(c.id)")
            }
            func list<V: Equatable>(_ actual: [LabeledValue<V>]?, _ expected: [LabeledValue<V>]) throws(Failure) {
                try expectList(actual, { $0 }, expected.map { ($0.value, $0.label) }, "\(key) of \(c.id)")
            }
            switch key {
            case .namePrefix: try same(try? contact.namePrefix, names.namePrefix)
            case .givenName: try same(try? contact.givenName, Vocabulary.people[c.givenPerson].given)
            case .middleName: try same(try? contact.middleName, names.middle)
            case .familyName: try same(try? contact.familyName, Vocabulary.people[c.person].family)
            case .previousFamilyName: try same(try? contact.previousFamilyName, names.previousFamily)
            case .nameSuffix: try same(try? contact.nameSuffix, names.nameSuffix)
            case .nickname: try same(try? contact.nickname, names.nickname)
            case .phoneticGivenName: try same(try? contact.phoneticGivenName, names.phoneticGiven)
            case .phoneticMiddleName: try same(try? contact.phoneticMiddleName, names.phoneticMiddle)
            case .phoneticFamilyName: try same(try? contact.phoneticFamilyName, names.phoneticFamily)
            case .organizationName: try same(try? contact.organizationName, Vocabulary.organizations[c.organization].name)
            case .phoneticOrganizationName: try same(try? contact.phoneticOrganizationName, names.phoneticOrganization)
            case .departmentName: try same(try? contact.departmentName, names.department)
            case .jobTitle: try same(try? contact.jobTitle, names.jobTitle)
            case .phoneNumbers:
                try expectList(try? contact.phoneNumbers, { $0.stringValue },
                               c.phones.map { (Vocabulary.phones[$0.value].text, $0.contactLabel) }, "\(key) of \(c.id)")
            case .emailAddresses:
                try expectList(try? contact.emailAddresses, { $0 },
                               c.emails.map { (Vocabulary.emails[$0.value], $0.contactLabel) }, "\(key) of \(c.id)")
            case .postalAddresses: try list(try? contact.postalAddresses, c.more.postalAddresses)
            case .urlAddresses: try list(try? contact.urlAddresses, details.urlAddresses)
            case .socialProfiles: try list(try? contact.socialProfiles, details.socialProfiles)
            case .instantMessageAddresses: try list(try? contact.instantMessageAddresses, details.instantMessageAddresses)
            case .contactRelations: try list(try? contact.contactRelations, details.contactRelations)
            case .birthday: try same(try? contact.birthday, c.birthday)
            case .nonGregorianBirthday: try same(try? contact.nonGregorianBirthday, details.nonGregorianBirthday)
            case .dates: try list(try? contact.dates, details.dates)
            case .note: try same(try? contact.note, c.note)
            case .imageData: try same(try? contact.imageData, details.imageData)
            case .thumbnailImageData: try same(try? contact.thumbnailImageData, details.thumbnailImageData)
            }
        }
        if readingUnfetched, !wanted.contains(.note) {
            do {
                _ = try contact.note
                throw fail("SPEC 2 keys to fetch", "read an unfetched note of \(c.id)")
            } catch let error as ContactError {
                try expect(error.code, .propertyNotFetched, "SPEC 2 keys to fetch", "reading an unfetched note")
            } catch let failure as Failure {
                throw failure
            } catch {
                throw fail("errors", "a foreign error: \(error)")
            }
        }
    }
}

extension Runner {
    /// SPEC 2: a list holds exactly the expected values under their labels, in order, each
    /// with an identifier the store assigned (never empty once saved, never shared with
    /// another value of the list); compared in place, spelled out only to report a difference.
    /// `compared` is a closure, not a key path: a key path such as `\.self` on a generic value is
    /// instantiated anew at every call, which was a sixth of a fuzz input's time.
    func expectList<Value, Compared: Equatable>(_ list: [LabeledValue<Value>]?, _ compared: (Value) -> Compared,
                                               _ expected: [(value: Compared, label: ContactLabel?)],
                                               _ what: @autoclosure () -> String) throws(Failure) {
        guard let list, list.count == expected.count,
              zip(list, expected).allSatisfy({ compared($0.value) == $1.value && $0.label == $1.label })
        else {
            try expect(list?.map { compared($0.value) }, expected.map(\.value), "SPEC 2 values", what())
            return try expect(list?.map(\.label), expected.map(\.label), "SPEC 2 values", "the labels of \(what())")
        }
        if list.contains(where: { $0.identifier.isEmpty }) { throw fail("SPEC 2 values", "\(what()): a saved value has no identifier") }
        if list.count > 1, Set(list.map { $0.identifier }).count < list.count {
            throw fail("SPEC 2 values", "\(what()): two values share an identifier")
        }
    }
}

extension Draft {
    /// The labels (``Vocabulary/labels``) of a draft's first number and address: a standard
    /// label each, as the person's app sets.
    static let phoneLabel = 0
    static let emailLabel = 1

    /// A new `MutableContact` with the draft's values: it carries every key.
    package var mutableContact: MutableContact {
        var contact = MutableContact(contactType: more.isOrganization ? .organization : .person)
        contact.givenName = Vocabulary.people[person].given
        contact.familyName = Vocabulary.people[person].family
        contact.organizationName = Vocabulary.organizations[organization].name
        contact.phoneNumbers = Labeled.list(phone, label: Self.phoneLabel, then: more.phones).map {
            LabeledValue(label: $0.contactLabel, value: PhoneNumber(Vocabulary.phones[$0.value].text))
        }
        contact.emailAddresses = Labeled.list(email, label: Self.emailLabel, then: more.emails).map {
            LabeledValue(label: $0.contactLabel, value: Vocabulary.emails[$0.value])
        }
        contact.note = note
        contact.birthday = birthday
        guard more != More() else { return contact }
        let names = Vocabulary.moreNames[more.names], details = Vocabulary.details[more.details]
        contact.namePrefix = names.namePrefix
        contact.middleName = names.middle
        contact.nameSuffix = names.nameSuffix
        contact.nickname = names.nickname
        contact.previousFamilyName = names.previousFamily
        contact.phoneticGivenName = names.phoneticGiven
        contact.phoneticMiddleName = names.phoneticMiddle
        contact.phoneticFamilyName = names.phoneticFamily
        contact.departmentName = names.department
        contact.jobTitle = names.jobTitle
        contact.phoneticOrganizationName = names.phoneticOrganization
        contact.postalAddresses = more.postalAddresses
        contact.urlAddresses = details.urlAddresses
        contact.socialProfiles = details.socialProfiles
        contact.instantMessageAddresses = details.instantMessageAddresses
        contact.contactRelations = details.contactRelations
        contact.dates = details.dates
        contact.nonGregorianBirthday = details.nonGregorianBirthday
        contact.imageData = details.imageData
        contact.thumbnailImageData = details.thumbnailImageData
        return contact
    }
}
